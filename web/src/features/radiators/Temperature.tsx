import LocalFireDepartmentIcon from '@mui/icons-material/LocalFireDepartment';
import WifiOffIcon from '@mui/icons-material/WifiOff';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/**
 * °C with one decimal, or a dash when nothing was reported. Isolated left-to-right, so that
 * right-to-left text around it shows "20.5 °C", not "C° 20.5".
 */
export function formatCelsius(value: number | null | undefined) {
  return value === null || value === undefined ? '–' : `\u2066${value.toFixed(1)} °C\u2069`;
}

/** Heating, idle or offline, as a small labelled chip. */
export function HeatingChip({ heating, online = 1 }: { heating: number; online?: number }) {
  const { t } = useTranslation();
  if (online !== 1)
    return (
      <Chip size="small" icon={<WifiOffIcon />} label={t('radiators.offline')} variant="outlined" />
    );
  return heating === 1 ? (
    <Chip
      size="small"
      color="secondary"
      icon={<LocalFireDepartmentIcon />}
      label={t('radiators.heating')}
    />
  ) : (
    <Chip size="small" label={t('radiators.idle')} variant="outlined" />
  );
}
