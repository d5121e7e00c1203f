import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LinkAlert } from '../../components/LinkAlert';
import { paths } from '../../config/paths';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { fetchUserPlan } from './slice';

/**
 * Above every signed-in page while the business has no plan in force (its trial or paid
 * period over): says what that means and leads to choosing one. Its data is kept and its
 * radiators keep running; only new radiators wait for a plan.
 */
export function PlanReminder() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const { userPlan, error } = useAppSelector((state) => state.subscriptionPlan);
  // Said only once the plan has been read in this session (the stored one may be stale).
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    void dispatch(fetchUserPlan()).then(() => setChecked(true));
  }, [dispatch]);
  if (error || !checked || (userPlan && userPlan.in_force === 1)) return null;
  if (pathname === paths.subscriptionPlan || pathname === paths.subscriptions) return null;
  return (
    <LinkAlert
      severity="warning"
      sx={{ mb: 2 }}
      data-testid="plan-reminder"
      to={paths.subscriptionPlan}
      linkLabel={t('subscriptions.choosePlan')}
    >
      {userPlan ? t('subscriptions.ended', { plan: userPlan.plan.name }) : t('subscriptions.none')}
    </LinkAlert>
  );
}
