import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Heading } from '../../components/Heading';
import { LinkAlert } from '../../components/LinkAlert';
import { ListSkeleton, LoadError } from '../../components/ListStates';
import { paths } from '../../config/paths';
import { useAppSelector } from '../../lib/hooks';
import { describeError, type ApiErrorBody } from '../../lib/http';
import { tableFigures, formatKwh } from '../../lib/units';
import { useAction } from '../../lib/useAction';
import { dayLabel, MeterChart } from '../analytics';
import { useNextStep } from './useNextStep';
import { onboardingApi } from './api';
import type { MeterReading } from './types';

/** The readings' kWh per day, in order. */
function dailyTotals(readings: MeterReading[]) {
  const days = new Map<string, number>();
  for (const reading of readings) {
    const day = reading.start.slice(0, 10);
    days.set(day, (days.get(day) ?? 0) + reading.kwh);
  }
  return [...days];
}

/**
 * `/energy-usage`: the last 7 days of the smart meter's half-hours, from the consented meter;
 * onboarding ends here. Without a standing consent it says so and leads to giving it.
 */
export function EnergyUsageSetup() {
  const { t, i18n } = useTranslation();
  const nextStep = useNextStep();
  const { run, busy } = useAction();
  const onboarding = useAppSelector((state) => state.auth.user?.onboarding);
  const [readings, setReadings] = useState<MeterReading[] | null>(null);
  const [failure, setFailure] = useState<ApiErrorBody | null>(null);
  const load = useCallback(() => {
    onboardingApi.readings(7).then(
      (answer) => setReadings(answer.data.data.readings),
      (error: unknown) => {
        const failure = describeError(error);
        // Without consent there is nothing to read: said on the page, not a failure.
        if (failure.code !== 403) console.error('meter readings failed to load', error);
        setFailure(failure);
      },
    );
  }, []);
  useEffect(load, [load]);

  const finish = () =>
    run(onboardingApi.complete, {
      onSuccess: () => nextStep(),
    });

  const total = (readings ?? []).reduce((sum, reading) => sum + reading.kwh, 0);
  const days = dailyTotals(readings ?? []);
  const dayKwh = tableFigures(
    days.map(([, kwh]) => kwh),
    'kWh',
  );
  let body;
  if (failure?.code === 403)
    body = (
      <LinkAlert
        severity="info"
        to={paths.consentSetup}
        linkLabel={t('onboarding.usage.giveConsent')}
      >
        {t('onboarding.usage.noConsent')}
      </LinkAlert>
    );
  else if (failure)
    body = (
      <LoadError
        message={failure.description}
        onRetry={() => {
          setFailure(null);
          load();
        }}
      />
    );
  else if (!readings) body = <ListSkeleton rows={2} height={120} />;
  else
    body = (
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="meter-title">
        <Typography id="meter-title" variant="h2" gutterBottom>
          {t('onboarding.usage.title')}
        </Typography>
        <Typography data-testid="meter-total" sx={{ mb: 1 }}>
          {t('onboarding.usage.total', { kwh: formatKwh(total), count: readings.length })}
        </Typography>
        <MeterChart readings={readings} />
        <Table size="small" aria-label={t('onboarding.usage.perDay')} sx={{ mt: 2 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('onboarding.usage.day')}</TableCell>
              <TableCell align="right">{t('onboarding.usage.kwh')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {days.map(([day, kwh]) => (
              <TableRow key={day}>
                <TableCell>{dayLabel(day, i18n.language)}</TableCell>
                <TableCell align="right">{dayKwh(kwh)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    );

  return (
    <>
      <Heading title={t('pages.energyUsage')} intro={t('onboarding.usage.intro')} />
      <Stack spacing={2} sx={{ alignItems: 'stretch' }}>
        {body}
        {onboarding === 'energy_usage' && (
          <div>
            <Button variant="contained" disabled={busy} onClick={() => void finish()}>
              {t('onboarding.usage.finish')}
            </Button>
          </div>
        )}
        {onboarding === 'done' && failure?.code !== 403 && (
          <div>
            <Button component={RouterLink} to={paths.withdrawConsent}>
              {t('pages.withdrawConsent')}
            </Button>
          </div>
        )}
      </Stack>
    </>
  );
}
