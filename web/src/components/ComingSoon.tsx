import ConstructionIcon from '@mui/icons-material/Construction';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The page of a feature that a later issue builds: its title and a short notice. */
export function ComingSoon({ title, heading = 'h1' }: { title: string; heading?: 'h1' | 'h2' }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant={heading} gutterBottom>
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3, display: 'flex', gap: 2, alignItems: 'center' }}>
        <ConstructionIcon color="primary" aria-hidden />
        <div>
          <Typography variant="h3" component="p">
            {t('comingSoon.title')}
          </Typography>
          <Typography color="text.secondary">{t('comingSoon.text')}</Typography>
        </div>
      </Paper>
    </>
  );
}
