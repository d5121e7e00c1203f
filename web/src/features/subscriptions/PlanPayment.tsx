import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Heading } from '../../components/Heading';
import { paths } from '../../config/paths';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { useNow } from '../../lib/useNow';
import { formatCount } from '../../lib/units';
import { useAction } from '../../lib/useAction';
import { useNextStep } from '../onboarding';
import { subscriptionsApi } from './api';
import { fetchPlans, fetchUserPlan, paymentStarted, reset } from './slice';
import { CHECKOUT_LIFETIME_MS, planPrice } from './types';
import { UpgradeToday } from './UpgradeToday';

/** How often the page asks whether the payment in the other tab has gone through, ms. */
export const PAYMENT_POLL_MS = 3000;

/**
 * `/plan-payment`: opens the hosted checkout for the chosen plan in a new tab, then waits for
 * the plan to become active (it asks the server every few seconds) and moves on.
 */
export function PlanPayment() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const nextStep = useNextStep();
  const { enqueueSnackbar } = useSnackbar();
  const { run, busy } = useAction();
  const {
    planChoosed: plan,
    paymentIntent,
    userPlan,
    declinedInCheckout,
  } = useAppSelector((state) => state.subscriptionPlan);
  /** A business past onboarding paid to change plan: it goes back to its plan, not home. */
  const onboarded = useAppSelector((state) => state.auth.user?.onboarding === 'done');
  const paid =
    paymentIntent !== null &&
    userPlan?.status === 'active' &&
    userPlan.plan.id === paymentIntent.planId;
  // A checkout whose link has expired (a visit days later) is not waited for: the page opens a
  // new one.
  const now = useNow();
  const waiting =
    paymentIntent !== null && now - paymentIntent.openedAt < CHECKOUT_LIFETIME_MS
      ? paymentIntent
      : null;

  // What an upgrade costs today changes by the hour: asked afresh.
  useEffect(() => {
    void dispatch(fetchPlans());
  }, [dispatch]);

  useEffect(() => {
    if (!waiting || paid) return;
    const timer = window.setInterval(() => void dispatch(fetchUserPlan()), PAYMENT_POLL_MS);
    return () => window.clearInterval(timer);
  }, [dispatch, waiting, paid]);

  useEffect(() => {
    if (!paid) return;
    enqueueSnackbar(t('subscriptions.paid', { plan: userPlan.plan.name }), { variant: 'success' });
    dispatch(reset());
    void nextStep(onboarded ? paths.subscriptions : paths.home);
  }, [paid, userPlan, onboarded, dispatch, enqueueSnackbar, nextStep, t]);

  if (!plan) {
    return (
      <>
        <Heading title={t('pages.planPayment')} intro={t('subscriptions.noPlanChosen')} />
        <Button component={RouterLink} to={paths.subscriptionPlan} variant="contained">
          {t('subscriptions.choosePlan')}
        </Button>
      </>
    );
  }

  const openCheckout = () =>
    run(() => subscriptionsApi.checkout(plan.id), {
      toast: () => null,
      onSuccess: (answer) => {
        const { url } = answer.data.data;
        window.open(url, '_blank', 'noopener');
        dispatch(paymentStarted({ planId: plan.id, url, openedAt: Date.now() }));
      },
    });

  return (
    <>
      <Heading title={t('pages.planPayment')} intro={t('subscriptions.paymentIntro')} />
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="h2">{plan.name}</Typography>
          <Typography>
            {planPrice(plan, t)}
            {' · '}
            {t('subscriptions.radiatorLimit', { count: formatCount(plan.radiator_limit) })}
          </Typography>
          <UpgradeToday plan={plan} />
          {waiting && declinedInCheckout > 0 && (
            <Alert severity="warning" role="status">
              {t('subscriptions.declinedThere')}
            </Alert>
          )}
          {waiting ? (
            <Alert severity="info" icon={<CircularProgress size={20} />} role="status">
              {t('subscriptions.waiting')}{' '}
              <Link href={waiting.url} target="_blank" rel="noopener">
                {t('subscriptions.reopen')}
              </Link>
            </Alert>
          ) : (
            <Button variant="contained" disabled={busy} onClick={() => void openCheckout()}>
              {t('subscriptions.openCheckout')}
            </Button>
          )}
          <Button
            component={RouterLink}
            to={paths.subscriptionPlan}
            onClick={() => dispatch(reset())}
          >
            {t('subscriptions.otherPlan')}
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
