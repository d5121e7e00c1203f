import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../lib/hooks';
import { formatPence } from '../../lib/units';
import type { Plan } from './types';

/** What an upgrade costs today: its first month less the rest of the month already paid. Said
 *  wherever the upgrade is offered or paid for, so that the checkout's figure is no surprise. */
export function UpgradeToday({ plan }: { plan: Plan }) {
  const { t } = useTranslation();
  const today = useAppSelector((state) => state.subscriptionPlan.paysNowPence[plan.id]);
  if (today === undefined || today >= plan.monthly_price_pence) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ flexBasis: '100%' }}>
      {t('subscriptions.upgradeToday', {
        today: formatPence(today),
        credit: formatPence(plan.monthly_price_pence - today),
      })}
    </Typography>
  );
}
