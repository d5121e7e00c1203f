import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { TERMS_VERSION } from '../../features/onboarding';

interface Section {
  /** Where a link may point to (`#smart-meter`). */
  id?: string;
  title: string;
  body: string;
}

/** The terms and conditions or the privacy policy. */
export default function LegalPage({ document }: { document: 'terms' | 'privacy' }) {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const sections = t(`legal.${document}Sections`, {
    returnObjects: true,
    version: TERMS_VERSION,
  }) as Section[];
  // The router does not scroll to a section a link names.
  useEffect(() => {
    if (hash) window.document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
  return (
    <Paper elevation={0} sx={{ p: { xs: 2.5, sm: 4 }, border: 1, borderColor: 'divider' }}>
      <Typography variant="h1" gutterBottom>
        {t(`legal.${document}`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('legal.updated')}
      </Typography>
      {sections.map((section) => (
        <section key={section.title} id={section.id}>
          <Typography variant="h2" sx={{ mt: 3, mb: 1 }}>
            {section.title}
          </Typography>
          <Typography>{section.body}</Typography>
        </section>
      ))}
    </Paper>
  );
}
