import { useAppDispatch } from '../../lib/hooks';
import { useAction } from '../../lib/useAction';
import { subscriptionsApi } from './api';
import { userPlanChanged } from './slice';
import type { Plan } from './types';

/**
 * Stays on the plan the business is on: asking for it calls off a move down still waiting, or
 * resumes a cancelled plan whose paid month runs. The toast is the server's sentence.
 */
export function useKeepPlan(onKept?: () => void) {
  const dispatch = useAppDispatch();
  const { run, busy } = useAction();
  const keep = (plan: Plan) =>
    run(() => subscriptionsApi.change(plan.id), {
      onSuccess: (answer) => {
        const kept = answer.data.data.plan;
        if (kept) dispatch(userPlanChanged(kept));
        onKept?.();
      },
    });
  return { keep, busy };
}
