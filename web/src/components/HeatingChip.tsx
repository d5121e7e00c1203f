import LocalFireDepartmentIcon from '@mui/icons-material/LocalFireDepartment';
import WifiOffIcon from '@mui/icons-material/WifiOff';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

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
