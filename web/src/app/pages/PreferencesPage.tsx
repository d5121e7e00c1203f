import { useTranslation } from 'react-i18next';
import { Heading } from '../../components/Heading';
import { PreferencesOverview, PreferencesTabs } from '../../features/energy-preferences';

export default function PreferencesPage() {
  const { t } = useTranslation();
  return (
    <>
      <Heading title={t('nav.preferences')} intro={t('energyPrefs.intro.overview')} />
      <PreferencesTabs />
      <PreferencesOverview />
    </>
  );
}
