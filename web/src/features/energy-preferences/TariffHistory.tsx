import DeleteIcon from '@mui/icons-material/Delete';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SidewaysTable } from '../../components/SidewaysTable';
import { formatDateTime, formatDay } from '../../lib/format';
import { useAppDispatch } from '../../lib/hooks';
import { formatRate } from '../../lib/units';
import { useAction } from '../../lib/useAction';
import { narrowOnly, wideOnly } from '../../lib/responsive';
import { energyPreferencesApi } from './api';
import { chargesChanged } from './slice';
import type { Charges, Tariff } from './types';

/** Every tariff entered, latest effective date first, the one in force today marked; one
 *  entered by mistake is deleted after a confirmation, then `onDeleted`. */
export function TariffHistory({ charges, onDeleted }: { charges: Charges; onDeleted: () => void }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { run, busy } = useAction();
  const [deleting, setDeleting] = useState<Tariff | null>(null);
  const today = dayjs().format('YYYY-MM-DD');
  const inForce = charges.history.find((tariff) => tariff.effective_from <= today);
  if (charges.history.length === 0)
    return <Typography color="text.secondary">{t('energyPrefs.tariff.none')}</Typography>;
  const day = (tariff: Tariff) => formatDay(tariff.effective_from, i18n.language);
  return (
    <>
      <SidewaysTable label={t('energyPrefs.tariff.history')}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('energyPrefs.tariff.effectiveFrom')}</TableCell>
              <TableCell align="right">{t('energyPrefs.tariff.unitRate')}</TableCell>
              <TableCell align="right">{t('energyPrefs.tariff.standingCharge')}</TableCell>
              {/* Left out on a phone, so each row's delete button stays in sight; the row says
                  it under the day instead. */}
              <TableCell sx={wideOnly}>{t('energyPrefs.tariff.entered')}</TableCell>
              {/* Named for screen readers; the icons say it to the eye, in less room. */}
              <TableCell align="right" aria-label={t('energyPrefs.tariff.actions')} />
            </TableRow>
          </TableHead>
          <TableBody>
            {charges.history.map((tariff) => (
              <TableRow key={tariff.id} data-testid={`tariff-${tariff.effective_from}`}>
                <TableCell>
                  {day(tariff)}{' '}
                  {tariff === inForce && (
                    <Chip size="small" color="primary" label={t('energyPrefs.tariff.inForce')} />
                  )}
                  {tariff.effective_from > today && (
                    <Chip
                      size="small"
                      variant="outlined"
                      label={t('energyPrefs.tariff.upcoming')}
                    />
                  )}
                  <Typography variant="caption" color="text.secondary" sx={narrowOnly}>
                    {t('energyPrefs.tariff.enteredOn', {
                      when: formatDateTime(tariff.created_at, i18n.language),
                    })}
                  </Typography>
                </TableCell>
                <TableCell align="right">{formatRate(tariff.unit_rate_pence, 'kWh')}</TableCell>
                <TableCell align="right">
                  {formatRate(tariff.standing_charge_pence, 'day')}
                </TableCell>
                <TableCell sx={wideOnly}>
                  {formatDateTime(tariff.created_at, i18n.language)}
                </TableCell>
                <TableCell align="right">
                  <IconButton
                    aria-label={t('energyPrefs.tariff.deleteLabel', { day: day(tariff) })}
                    onClick={() => setDeleting(tariff)}
                  >
                    <DeleteIcon />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </SidewaysTable>
      <ConfirmDialog
        open={deleting !== null}
        title={t('energyPrefs.tariff.deleteTitle', { day: deleting ? day(deleting) : '' })}
        text={t('energyPrefs.tariff.deleteText')}
        confirm={t('energyPrefs.tariff.delete')}
        busy={busy}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          void run(() => energyPreferencesApi.deleteTariff(deleting.id), {
            onSuccess: ({ data }) => {
              dispatch(chargesChanged(data.data.charges));
              setDeleting(null);
              onDeleted();
            },
          });
        }}
      />
    </>
  );
}
