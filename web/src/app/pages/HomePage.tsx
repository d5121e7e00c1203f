import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../lib/hooks';
import { ComingSoon } from '../../components/ComingSoon';

export default function HomePage() {
  const { t } = useTranslation();
  const businessName = useAppSelector((state) => state.auth.user?.business_name ?? '');
  return (
    <>
      <Typography variant="h1" gutterBottom>
        {t('home.welcome', { name: businessName })}
      </Typography>
      <ComingSoon title={t('home.intro')} heading="h2" />
    </>
  );
}
