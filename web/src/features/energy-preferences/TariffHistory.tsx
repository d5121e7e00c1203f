import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDay } from '../../lib/format';
import { formatRate } from '../../lib/units';
import type { Charges } from './types';

/** Every tariff entered, latest effective date first, the one in force today marked. */
export function TariffHistory({ charges }: { charges: Charges }) {
  const { t, i18n } = useTranslation();
  const today = dayjs().format('YYYY-MM-DD');
  const inForce = charges.history.find((tariff) => tariff.effective_from <= today);
  if (charges.history.length === 0)
    return <Typography color="text.secondary">{t('energyPrefs.tariff.none')}</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('energyPrefs.tariff.history')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('energyPrefs.tariff.effectiveFrom')}</TableCell>
            <TableCell align="right">{t('energyPrefs.tariff.unitRate')}</TableCell>
            <TableCell align="right">{t('energyPrefs.tariff.standingCharge')}</TableCell>
            <TableCell>{t('energyPrefs.tariff.entered')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {charges.history.map((tariff) => (
            <TableRow key={tariff.id} data-testid={`tariff-${tariff.effective_from}`}>
              <TableCell>
                {formatDay(tariff.effective_from, i18n.language)}{' '}
                {tariff === inForce && (
                  <Chip size="small" color="primary" label={t('energyPrefs.tariff.inForce')} />
                )}
                {tariff.effective_from > today && (
                  <Chip size="small" variant="outlined" label={t('energyPrefs.tariff.upcoming')} />
                )}
              </TableCell>
              <TableCell align="right">{formatRate(tariff.unit_rate_pence, 'kWh')}</TableCell>
              <TableCell align="right">{formatRate(tariff.standing_charge_pence, 'day')}</TableCell>
              <TableCell>{formatDateTime(tariff.created_at, i18n.language)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
