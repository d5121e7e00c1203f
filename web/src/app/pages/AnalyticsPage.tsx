import { useTranslation } from 'react-i18next';
import { Heading } from '../../components/Heading';
import { AnalyticsList } from '../../features/analytics';

export default function AnalyticsPage() {
  const { t } = useTranslation();
  return (
    <>
      <Heading title={t('nav.analytics')} intro={t('analytics.intro')} />
      <AnalyticsList />
    </>
  );
}
