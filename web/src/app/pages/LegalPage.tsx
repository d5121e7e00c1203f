import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface Section {
  title: string;
  body: string;
}

/** The terms and conditions or the privacy policy. */
export default function LegalPage({ document }: { document: 'terms' | 'privacy' }) {
  const { t } = useTranslation();
  const sections = t(`legal.${document}Sections`, { returnObjects: true }) as Section[];
  return (
    <Paper elevation={0} sx={{ p: { xs: 2.5, sm: 4 }, border: 1, borderColor: 'divider' }}>
      <Typography variant="h1" gutterBottom>
        {t(`legal.${document}`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('legal.updated')}
      </Typography>
      {sections.map((section) => (
        <section key={section.title}>
          <Typography variant="h2" sx={{ mt: 3, mb: 1 }}>
            {section.title}
          </Typography>
          <Typography>{section.body}</Typography>
        </section>
      ))}
    </Paper>
  );
}
