import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Form, FormField, SubmitButton, useForm } from '../../components/form';
import { FormPage } from '../../components/FormPage';
import { paths } from '../../config/paths';
import { formatDay, ltr } from '../../lib/format';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { useAction } from '../../lib/useAction';
import { useNextStep } from './useNextStep';
import { onboardingApi, TERMS_VERSION } from './api';
import { consentChanged, consentPayloadChanged } from './consentSlice';
import { macError, mpanError } from './steps';
import type { Consent } from './types';

/**
 * `/consent-setup`: the business agrees to HeatDesk reading its smart meter, names the meter
 * (MPAN) and, if it has one, its in-home display; then onboarding moves on. What is typed is
 * kept in the `consent` area's payload while the page is away (reading the terms).
 */
export function ConsentSetup() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const nextStep = useNextStep();
  const { run, busy } = useAction();
  const left = useAppSelector((state) => state.consent.consentPayload);
  const [agreed, setAgreed] = useState(left?.agreed ?? false);
  const [agreedError, setAgreedError] = useState<string | undefined>();
  const form = useForm(
    { mpan: left?.mpan ?? '', ihd_mac: left?.ihd_mac ?? '' },
    ({ mpan, ihd_mac }) => {
      const errors: Record<string, string> = {};
      const mpanProblem = mpanError(mpan);
      if (mpanProblem) errors.mpan = mpanProblem;
      const macProblem = macError(ihd_mac);
      if (macProblem) errors.ihd_mac = macProblem;
      return errors;
    },
  );
  const { mpan, ihd_mac } = form.values;
  useEffect(() => {
    dispatch(consentPayloadChanged({ mpan, ihd_mac, agreed }));
  }, [dispatch, mpan, ihd_mac, agreed]);

  // A consent in force is said so, its meter filled in unless something was typed: back here
  // after onboarding, the page does not read as if none had been given.
  const [inForce, setInForce] = useState<Consent | null>(null);
  const { setValue } = form;
  const [typed] = useState(Boolean(left?.mpan));
  useEffect(() => {
    onboardingApi.consent().then(
      ({ data }) => {
        const consent = data.data.consent;
        if (!consent?.active) return;
        setInForce(consent);
        if (typed) return;
        setValue('mpan', consent.mpan);
        setValue('ihd_mac', consent.ihd_mac ?? '');
      },
      (failure: unknown) => console.error('consent failed to load', failure),
    );
  }, [setValue, typed]);

  const send = async ({ mpan, ihd_mac }: { mpan: string; ihd_mac: string }) => {
    await run(
      async () => {
        const given = await onboardingApi.giveConsent(mpan.replace(/\s/g, ''));
        return ihd_mac.trim() ? onboardingApi.setIhdMac(ihd_mac.trim()) : given;
      },
      {
        toast: () => t('onboarding.consent.saved'),
        onSuccess: async (answer) => {
          dispatch(consentChanged(answer.data.data.consent));
          await nextStep();
        },
        onError: form.showServerErrors,
      },
    );
  };

  return (
    <FormPage title={t('pages.consentSetup')}>
      <Typography sx={{ mb: 2 }}>{t('onboarding.consent.intro')}</Typography>
      {inForce && (
        <Alert severity="info" role="note" sx={{ mb: 2 }}>
          {t('onboarding.consent.inForce', {
            mpan: ltr(inForce.mpan),
            date: formatDay(inForce.agreed_at.slice(0, 10), i18n.language),
          })}
        </Alert>
      )}
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          // Every problem at once: the fields' and the agreement's.
          const fieldsValid = form.check();
          setAgreedError(agreed ? undefined : t('onboarding.consent.agreeRequired'));
          if (fieldsValid && agreed) void send(form.values);
        }}
      >
        <Stack spacing={2}>
          <FormField
            label={t('onboarding.consent.mpan')}
            helperText={t('onboarding.consent.mpanHelp')}
            slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
            required
            {...form.field('mpan')}
          />
          <FormField
            label={t('onboarding.consent.ihdMac')}
            helperText={t('onboarding.consent.ihdMacHelp', {
              // Non-breaking hyphens: the example stays on one line on a phone.
              example: ltr('00\u20111A\u20112B\u20113C\u20114D\u20115E\u20116F\u201170'),
            })}
            slotProps={{ htmlInput: { dir: 'ltr' } }}
            {...form.field('ihd_mac')}
          />
          <div>
            <FormControlLabel
              control={
                <Checkbox
                  checked={agreed}
                  onChange={(event) => {
                    setAgreed(event.target.checked);
                    setAgreedError(undefined);
                  }}
                  slotProps={{ input: { 'aria-describedby': 'agreed-help' } }}
                />
              }
              label={t('onboarding.consent.agree', { version: TERMS_VERSION })}
            />
            {/* The error joins the link to the terms, which stays: they are what is agreed to. */}
            <FormHelperText id="agreed-help" error={Boolean(agreedError)}>
              {agreedError && <>{agreedError} </>}
              <Link component={RouterLink} to={`${paths.terms}#smart-meter`}>
                {t('onboarding.consent.readTerms')}
              </Link>
            </FormHelperText>
          </div>
          <div>
            <SubmitButton busy={busy}>{t('onboarding.consent.submit')}</SubmitButton>
          </div>
        </Stack>
      </Form>
    </FormPage>
  );
}
