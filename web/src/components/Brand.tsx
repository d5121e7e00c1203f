import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The HeatDesk mark and name; `markOnPhones` leaves a phone's narrow bar the mark alone. */
export function Brand({ markOnPhones = false }: { markOnPhones?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box
        component="img"
        src="/favicon.svg"
        alt={markOnPhones ? t('app.name') : ''}
        sx={{ width: 32, height: 32 }}
      />
      <Typography
        component="span"
        aria-hidden={markOnPhones || undefined}
        sx={{
          fontFamily: 'Rubik',
          fontWeight: 600,
          fontSize: '1.3rem',
          display: markOnPhones ? { xs: 'none', sm: 'inline' } : undefined,
        }}
      >
        {t('app.name')}
      </Typography>
    </Box>
  );
}
