import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Heading } from '../../components/Heading';
import { ListSkeleton, LoadError } from '../../components/ListStates';
import { paths } from '../../config/paths';
import { formatDateTime } from '../../lib/format';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { useAction } from '../../lib/useAction';
import { onboardingApi } from './api';
import { consentChanged, fetchConsent } from './consentSlice';

/** `/withdraw-consent`: the consent as given, and withdrawing it (after asking). */
export function WithdrawConsent() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { run, busy } = useAction();
  const { consent, error } = useAppSelector((state) => state.consent);
  const [confirming, setConfirming] = useState(false);
  const load = useCallback(() => void dispatch(fetchConsent()), [dispatch]);
  useEffect(load, [load]);

  let body;
  if (error) body = <LoadError message={error} onRetry={load} />;
  else if (consent === undefined) body = <ListSkeleton rows={1} height={120} />;
  else if (!consent || !consent.active)
    body = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography data-testid="consent-state">
          {consent?.withdrawn_at
            ? t('onboarding.withdraw.withdrawnOn', {
                date: formatDateTime(consent.withdrawn_at, i18n.language),
              })
            : t('onboarding.withdraw.none')}
        </Typography>
        <Button component={RouterLink} to={paths.consentSetup} variant="contained">
          {t('onboarding.usage.giveConsent')}
        </Button>
      </Stack>
    );
  else
    body = (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography data-testid="consent-state">
          {t('onboarding.withdraw.given', {
            date: formatDateTime(consent.agreed_at, i18n.language),
            version: consent.terms_version,
          })}
        </Typography>
        <Typography>{t('onboarding.withdraw.mpan', { mpan: consent.mpan })}</Typography>
        {consent.ihd_mac && (
          <Typography>{t('onboarding.withdraw.ihd', { mac: consent.ihd_mac })}</Typography>
        )}
        <Button color="secondary" variant="contained" onClick={() => setConfirming(true)}>
          {t('onboarding.withdraw.button')}
        </Button>
        <ConfirmDialog
          open={confirming}
          title={t('onboarding.withdraw.confirmTitle')}
          text={t('onboarding.withdraw.confirmText')}
          confirm={t('onboarding.withdraw.button')}
          busy={busy}
          onConfirm={() =>
            void run(onboardingApi.withdraw, {
              onSuccess: (answer) => {
                dispatch(consentChanged(answer.data.data.consent));
                setConfirming(false);
              },
            })
          }
          onClose={() => setConfirming(false)}
        />
      </Stack>
    );

  return (
    <>
      <Heading title={t('pages.withdrawConsent')} intro={t('onboarding.withdraw.intro')} />
      <Paper variant="outlined" sx={{ p: 3 }}>
        {body}
      </Paper>
    </>
  );
}
