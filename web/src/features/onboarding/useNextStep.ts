import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useAppDispatch } from '../../lib/hooks';
import { fetchMe } from '../auth';
import { onboardingRedirect } from './steps';

/**
 * After a step is done: reads `me` again, for the step that is next, and goes straight to its
 * page, or to `done` (home by default) once onboarding is over; not home first for the guard
 * to send it on.
 */
export function useNextStep() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(
    async (done: string = paths.home) => {
      const me = await dispatch(fetchMe());
      const step = fetchMe.fulfilled.match(me) ? me.payload.onboarding : undefined;
      await navigate(onboardingRedirect(step, done) ?? done);
    },
    [dispatch, navigate],
  );
}
