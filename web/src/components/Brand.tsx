import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The HeatDesk mark and name. */
export function Brand() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box component="img" src="/favicon.svg" alt="" sx={{ width: 32, height: 32 }} />
      <Typography
        component="span"
        sx={{ fontFamily: 'Rubik', fontWeight: 600, fontSize: '1.3rem' }}
      >
        {t('app.name')}
      </Typography>
    </Box>
  );
}
