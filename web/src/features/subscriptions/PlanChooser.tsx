import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BackLink } from '../../components/BackLink';
import { CardGrid } from '../../components/CardGrid';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Heading } from '../../components/Heading';
import { ListStates } from '../../components/ListStates';
import { paths } from '../../config/paths';
import { formatDateTime } from '../../lib/format';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { formatCount, formatPence } from '../../lib/units';
import { UpgradeToday } from './UpgradeToday';
import { useAction } from '../../lib/useAction';
import { useLoad } from '../../lib/useLoad';
import { useNextStep } from '../onboarding';
import { radiatorsApi } from '../radiators';
import { subscriptionsApi } from './api';
import { fetchPlans, fetchUserPlan, planChosen, userPlanChanged } from './slice';
import { planPrice, statusShown, type Plan } from './types';
import { useKeepPlan } from './useKeepPlan';

/** How many radiators the business has, read once it is on a paid plan: a move down must fit them. */
function useRadiatorCount(paid: boolean) {
  const read = useCallback(
    async () => (paid ? (await radiatorsApi.list()).data.data.radiators.length : null),
    [paid],
  );
  return useLoad(read, 'radiators').value;
}

/** `/subscription-plan`: the plans side by side; a free trial (once) or paying by card. */
export function PlanChooser() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const nextStep = useNextStep();
  const { run, busy } = useAction();
  /** The smaller plan asked for, until the move is confirmed or called off. */
  const [movingTo, setMovingTo] = useState<Plan | null>(null);
  const { subscriptionPlans, userPlan, isLoading, error } = useAppSelector(
    (state) => state.subscriptionPlan,
  );
  // The plans' features are worded in the reader's language: read again when it changes.
  useEffect(() => {
    void dispatch(fetchPlans());
  }, [dispatch, i18n.language]);
  useEffect(() => {
    void dispatch(fetchUserPlan());
  }, [dispatch]);

  // A business has one trial: once it has had a plan of any kind, it pays. On a paid plan, a
  // smaller one waits for the period's end; a larger one is paid for at once. A cancelled plan
  // whose paid month runs is one too: choosing it, or a smaller one, resumes it.
  const trialOpen = userPlan === null;
  const cancelledPaid =
    userPlan?.status === 'cancelled' && userPlan.in_force === 1 && userPlan.period_end !== null;
  const paid = userPlan?.status === 'active' || cancelledPaid ? userPlan : null;
  const { keep, busy: keeping } = useKeepPlan(() => void navigate(paths.subscriptions));
  const radiatorCount = useRadiatorCount(paid !== null);
  const startTrial = (plan: Plan) =>
    run(() => subscriptionsApi.freeTrial(plan.id), {
      onSuccess: async (answer) => {
        dispatch(userPlanChanged(answer.data.data.plan));
        // The trial is the plan step done.
        await nextStep();
      },
    });
  const moveDown = (plan: Plan) =>
    run(() => subscriptionsApi.change(plan.id), {
      toast: (answer) => {
        const changed = answer.data.data.plan;
        return t('subscriptions.moved', {
          plan: plan.name,
          end: formatDateTime(changed?.period_end ?? '', i18n.language),
        });
      },
      onSuccess: (answer) => {
        const changed = answer.data.data.plan;
        if (changed) dispatch(userPlanChanged(changed));
        void navigate(paths.subscriptions);
      },
    });
  const pay = (plan: Plan) => {
    dispatch(planChosen(plan));
    void navigate(paths.planPayment);
  };
  /** Pay for a plan; on a paid plan, upgrade at once or move down at the period's end. */
  const planAction = (plan: Plan, current: boolean) => {
    if (current && cancelledPaid) {
      return (
        <Button variant="contained" disabled={keeping} onClick={() => void keep(plan)}>
          {t('subscriptions.resume', { plan: plan.name })}
        </Button>
      );
    }
    if (paid && current) return null;
    if (paid?.pending_plan?.id === plan.id) {
      return (
        <>
          <Typography variant="body2" sx={{ flexBasis: '100%' }}>
            {t('subscriptions.pending', {
              plan: plan.name,
              end: formatDateTime(paid.period_end ?? '', i18n.language),
            })}
          </Typography>
          <Button variant="outlined" disabled={keeping} onClick={() => void keep(paid.plan)}>
            {t('subscriptions.keepPlan', { plan: paid.plan.name })}
          </Button>
        </>
      );
    }
    if (paid && plan.monthly_price_pence < paid.plan.monthly_price_pence) {
      // Said before the click: the server refuses a plan too small for the radiators.
      const over = (radiatorCount ?? 0) - plan.radiator_limit;
      return (
        <>
          <Button variant="outlined" disabled={busy || over > 0} onClick={() => setMovingTo(plan)}>
            {t('subscriptions.moveDown')}
          </Button>
          {over > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('subscriptions.tooManyRadiators', {
                count: radiatorCount ?? 0,
                radiators: formatCount(radiatorCount ?? 0),
                plan: plan.name,
                limit: formatCount(plan.radiator_limit),
                over: formatCount(over),
              })}
            </Typography>
          )}
        </>
      );
    }
    return (
      <>
        <Button variant="contained" disabled={busy} onClick={() => pay(plan)}>
          {t(paid ? 'subscriptions.upgrade' : 'subscriptions.payByCard')}
        </Button>
        {paid && <UpgradeToday plan={plan} />}
      </>
    );
  };

  return (
    <>
      {/* Changing the plan of a subscription that still runs, not choosing the first one. */}
      {userPlan && userPlan.status !== 'expired' && (
        <BackLink to={paths.subscriptions}>{t('nav.subscriptions')}</BackLink>
      )}
      <Heading
        title={t('pages.subscriptionPlan')}
        intro={t(
          paid
            ? 'subscriptions.changeIntro'
            : trialOpen
              ? 'subscriptions.chooseIntro'
              : userPlan.status === 'trialing'
                ? 'subscriptions.trialPayIntro'
                : 'subscriptions.payIntro',
          { end: formatDateTime(userPlan?.trial_end ?? '', i18n.language) },
        )}
      />
      <ListStates
        count={subscriptionPlans.length}
        load={{ loading: isLoading, error, retry: () => void dispatch(fetchPlans()) }}
        empty={{ title: t('subscriptions.noPlans'), text: t('subscriptions.noPlansText') }}
      >
        <CardGrid items={subscriptionPlans}>
          {(plan) => {
            const current = userPlan?.plan.id === plan.id;
            return (
              <Card
                component="section"
                aria-labelledby={`plan-${plan.key}`}
                variant="outlined"
                sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
              >
                <CardContent sx={{ flex: 1 }}>
                  <Typography id={`plan-${plan.key}`} variant="h2" gutterBottom>
                    {plan.name}{' '}
                    {current && (
                      <Chip size="small" color="primary" label={t('subscriptions.yourPlan')} />
                    )}{' '}
                    {current && userPlan.status !== 'active' && (
                      <Chip
                        size="small"
                        color={userPlan.status === 'trialing' ? 'success' : 'warning'}
                        label={t(`subscriptions.status.${statusShown(userPlan)}`)}
                      />
                    )}
                  </Typography>
                  <Typography variant="h3" component="p">
                    {planPrice(plan, t)}
                  </Typography>
                  <Typography color="text.secondary">
                    {t('subscriptions.radiatorLimit', { count: formatCount(plan.radiator_limit) })}
                  </Typography>
                  <List dense>
                    {plan.features.map((feature) => (
                      <ListItem key={feature} disableGutters>
                        {feature}
                      </ListItem>
                    ))}
                  </List>
                </CardContent>
                {/* Spaced by the gap alone, and in line with the text above, when they wrap. */}
                <CardActions disableSpacing sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
                  {trialOpen && (
                    <Button variant="outlined" disabled={busy} onClick={() => startTrial(plan)}>
                      {t('subscriptions.startTrial', { days: plan.trial_days })}
                    </Button>
                  )}
                  {planAction(plan, current)}
                </CardActions>
              </Card>
            );
          }}
        </CardGrid>
      </ListStates>
      {paid && movingTo && (
        <ConfirmDialog
          open
          title={t('subscriptions.moveDownTitle', {
            plan: movingTo.name,
            end: formatDateTime(paid.period_end ?? '', i18n.language),
          })}
          text={t('subscriptions.moveDownText', {
            current: paid.plan.name,
            plan: movingTo.name,
            end: formatDateTime(paid.period_end ?? '', i18n.language),
            price: formatPence(movingTo.monthly_price_pence),
            count: movingTo.radiator_limit,
            limit: formatCount(movingTo.radiator_limit),
          })}
          confirm={t('subscriptions.moveDownConfirm', { plan: movingTo.name })}
          busy={busy}
          onConfirm={() => void moveDown(movingTo).then(() => setMovingTo(null))}
          onClose={() => setMovingTo(null)}
        />
      )}
    </>
  );
}
