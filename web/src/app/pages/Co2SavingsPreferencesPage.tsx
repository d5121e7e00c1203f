import { useTranslation } from 'react-i18next';
import { Heading } from '../../components/Heading';
import { Co2Preferences, PreferencesTabs } from '../../features/energy-preferences';

export default function Co2SavingsPreferencesPage() {
  const { t } = useTranslation();
  return (
    <>
      <Heading title={t('pages.preferencesCo2Savings')} intro={t('energyPrefs.intro.co2')} />
      <PreferencesTabs />
      <Co2Preferences />
    </>
  );
}
