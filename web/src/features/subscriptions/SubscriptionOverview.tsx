import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Heading } from '../../components/Heading';
import { ListStates } from '../../components/ListStates';
import { invoicePath, paths } from '../../config/paths';
import { formatDateTime, ltr } from '../../lib/format';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { describeError } from '../../lib/http';
import { formatCount, formatPence } from '../../lib/units';
import { useAction } from '../../lib/useAction';
import { wideOnly } from '../../lib/responsive';
import { subscriptionsApi } from './api';
import { DownloadPayments } from './DownloadPayments';
import { fetchUserPlan, userPlanChanged } from './slice';
import { planPrice, statusShown, type Payment } from './types';
import { useKeepPlan } from './useKeepPlan';

/** `/subscriptions`: the plan and its status, trial days left or the paid period, payments. */
export function SubscriptionOverview() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const userPlan = useAppSelector((state) => state.subscriptionPlan.userPlan);
  const [payments, setPayments] = useState<Payment[]>([]);
  const [confirming, setConfirming] = useState(false);
  const { run, busy } = useAction();
  const { keep, busy: keeping } = useKeepPlan();
  const [load, setLoad] = useState({ loading: true, error: null as string | null });
  // Answers arrive in callbacks; the retry raises the loading flag itself.
  const fetchPayments = useCallback(() => {
    subscriptionsApi.payments().then(
      (answer) => {
        setPayments(answer.data.data.payments);
        setLoad({ loading: false, error: null });
      },
      (error: unknown) => {
        console.error('payments failed to load', error);
        setLoad({ loading: false, error: describeError(error).description });
      },
    );
  }, []);
  useEffect(() => {
    void dispatch(fetchUserPlan());
    fetchPayments();
  }, [dispatch, fetchPayments]);
  const retry = () => {
    setLoad({ loading: true, error: null });
    fetchPayments();
  };

  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '');
  return (
    <>
      <Heading title={t('nav.subscriptions')} intro={t('subscriptions.overviewIntro')} />
      <Paper
        variant="outlined"
        sx={{ p: 3, mb: 3 }}
        component="section"
        aria-label={t('subscriptions.current')}
      >
        {userPlan ? (
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Typography variant="h2">
              {userPlan.plan.name}{' '}
              <Chip
                size="small"
                color={
                  userPlan.status === 'active' || userPlan.status === 'trialing'
                    ? 'success'
                    : 'warning'
                }
                label={t(`subscriptions.status.${statusShown(userPlan)}`)}
              />
            </Typography>
            <Typography>
              {planPrice(userPlan.plan, t)}
              {' · '}
              {t('subscriptions.radiatorLimit', {
                count: formatCount(userPlan.plan.radiator_limit),
              })}
            </Typography>
            {userPlan.trial_days_left !== null && (
              <Typography data-testid="trial-left">
                {t('subscriptions.trialLeft', {
                  count: userPlan.trial_days_left,
                  end: when(userPlan.trial_end),
                })}
              </Typography>
            )}
            {userPlan.pending_plan && userPlan.period_end && (
              <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
                <Typography>
                  {t('subscriptions.pending', {
                    plan: userPlan.pending_plan.name,
                    end: when(userPlan.period_end),
                  })}
                </Typography>
                <Button size="small" disabled={keeping} onClick={() => void keep(userPlan.plan)}>
                  {t('subscriptions.keepPlan', { plan: userPlan.plan.name })}
                </Button>
              </Stack>
            )}
            {userPlan.period_end && (
              <Typography>
                {userPlan.renews_on_card
                  ? userPlan.pending_plan
                    ? t('subscriptions.renewsOnto', {
                        end: when(userPlan.period_end),
                        plan: userPlan.pending_plan.name,
                        price: formatPence(userPlan.pending_plan.monthly_price_pence),
                        card: userPlan.renews_on_card,
                      })
                    : t('subscriptions.renews', {
                        end: when(userPlan.period_end),
                        card: userPlan.renews_on_card,
                      })
                  : userPlan.status === 'cancelled'
                    ? t('subscriptions.periodEndCancelled', { end: when(userPlan.period_end) })
                    : t('subscriptions.periodEnd', { end: when(userPlan.period_end) })}
              </Typography>
            )}
            {/* A cancelled trial runs to its end: the days left are no longer counted. */}
            {userPlan.status === 'cancelled' && !userPlan.period_end && userPlan.trial_end && (
              <Typography>
                {t('subscriptions.trialUntil', { end: when(userPlan.trial_end) })}
              </Typography>
            )}
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
              <Button component={RouterLink} to={paths.subscriptionPlan} variant="contained">
                {t('subscriptions.changePlan')}
              </Button>
              {userPlan.status === 'cancelled' &&
                userPlan.in_force === 1 &&
                userPlan.period_end && (
                  <Button
                    variant="outlined"
                    disabled={keeping}
                    onClick={() => void keep(userPlan.plan)}
                  >
                    {t('subscriptions.resume', { plan: userPlan.plan.name })}
                  </Button>
                )}
              {(userPlan.status === 'active' || userPlan.status === 'trialing') && (
                <Button color="secondary" onClick={() => setConfirming(true)}>
                  {t('subscriptions.cancel')}
                </Button>
              )}
            </Stack>
            <ConfirmDialog
              open={confirming}
              title={t('subscriptions.cancelTitle')}
              text={[
                t('subscriptions.cancelText', {
                  end: when(userPlan.period_end ?? userPlan.trial_end),
                }),
                userPlan.pending_plan
                  ? t('subscriptions.cancelDropsMove', { plan: userPlan.pending_plan.name })
                  : '',
              ]
                .filter(Boolean)
                .join(' ')}
              confirm={t('subscriptions.cancel')}
              dismiss={t('subscriptions.keepPlan', { plan: userPlan.plan.name })}
              busy={busy}
              onConfirm={() =>
                void run(subscriptionsApi.cancel, {
                  toast: (answer) => {
                    const plan = answer.data.data.plan;
                    const end = plan?.period_end ?? plan?.trial_end ?? null;
                    return t('subscriptions.cancelled', { end: when(end) });
                  },
                  onSuccess: (answer) => {
                    dispatch(userPlanChanged(answer.data.data.plan));
                    setConfirming(false);
                  },
                })
              }
              onClose={() => setConfirming(false)}
            />
          </Stack>
        ) : (
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Typography>{t('subscriptions.none')}</Typography>
            <Button component={RouterLink} to={paths.subscriptionPlan} variant="contained">
              {t('subscriptions.choosePlan')}
            </Button>
          </Stack>
        )}
      </Paper>
      <Stack
        direction="row"
        sx={{
          mb: 1,
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 1,
        }}
      >
        <Typography variant="h2">{t('subscriptions.payments')}</Typography>
        {payments.length > 0 && <DownloadPayments />}
      </Stack>
      <ListStates
        count={payments.length}
        load={{ ...load, retry }}
        empty={{ title: t('subscriptions.noPayments'), text: t('subscriptions.noPaymentsText') }}
      >
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('subscriptions.payments')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('subscriptions.columns.date')}</TableCell>
                <TableCell sx={wideOnly}>{t('subscriptions.columns.plan')}</TableCell>
                <TableCell>{t('subscriptions.columns.amount')}</TableCell>
                <TableCell>{t('subscriptions.columns.status')}</TableCell>
                <TableCell sx={wideOnly}>{t('subscriptions.columns.card')}</TableCell>
                <TableCell>{t('subscriptions.columns.invoice')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {payments.map((payment) => (
                <TableRow key={`${payment.date}-${payment.status}-${payment.card_last4}`}>
                  <TableCell>{when(payment.date)}</TableCell>
                  <TableCell sx={wideOnly}>{payment.plan}</TableCell>
                  <TableCell>{formatPence(payment.amount_pence)}</TableCell>
                  <TableCell>{t(`subscriptions.paymentStatus.${payment.status}`)}</TableCell>
                  <TableCell sx={wideOnly}>{ltr(`•••• ${payment.card_last4}`)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {payment.invoice && (
                      <Link component={RouterLink} to={invoicePath(payment.invoice)}>
                        {ltr(payment.invoice)}
                      </Link>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </ListStates>
    </>
  );
}
