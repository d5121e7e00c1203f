import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import LocalFireDepartmentIcon from '@mui/icons-material/LocalFireDepartment';
import WifiOffIcon from '@mui/icons-material/WifiOff';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/**
 * Offline, switched off, heating or idle, as a small labelled chip: a radiator's, or a room's or
 * zone's (`on`: any of its radiators switched on; `radiators`: how many it has, so that one
 * without any says so instead of looking offline).
 */
export function HeatingChip({
  heating,
  online = 1,
  on = 1,
  radiators,
  reported = true,
}: {
  heating: number;
  online?: number;
  on?: number;
  radiators?: number;
  /** False for a radiator that has not reported yet: a new one is waiting, not offline. */
  reported?: boolean;
}) {
  const { t } = useTranslation();
  if (radiators === 0) return <Chip size="small" label={t('radiators.none')} variant="outlined" />;
  if (!reported)
    return (
      <Chip
        size="small"
        icon={<HourglassEmptyIcon />}
        label={t('radiators.waiting')}
        variant="outlined"
      />
    );
  if (online !== 1)
    return (
      <Chip size="small" icon={<WifiOffIcon />} label={t('radiators.offline')} variant="outlined" />
    );
  if (on !== 1) return <Chip size="small" label={t('radiators.off')} variant="outlined" />;
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
