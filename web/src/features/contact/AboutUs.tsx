import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Heading } from '../../components/Heading';

const SECTIONS = ['what', 'how', 'carbon', 'data'] as const;

/** `/about-us`: what HeatDesk is and how it counts. */
export function AboutUs() {
  const { t } = useTranslation();
  return (
    <>
      <Heading title={t('nav.aboutUs')} intro={t('about.intro')} />
      <Stack spacing={2}>
        {SECTIONS.map((section) => (
          <Paper
            key={section}
            variant="outlined"
            sx={{ p: 3 }}
            component="section"
            aria-labelledby={`about-${section}`}
          >
            <Typography id={`about-${section}`} variant="h2" gutterBottom>
              {t(`about.${section}.title`)}
            </Typography>
            <Typography>{t(`about.${section}.text`)}</Typography>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
