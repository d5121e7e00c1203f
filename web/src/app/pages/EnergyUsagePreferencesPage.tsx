import { useTranslation } from 'react-i18next';
import { Heading } from '../../components/Heading';
import { EnergyUsagePreferences, PreferencesTabs } from '../../features/energy-preferences';

export default function EnergyUsagePreferencesPage() {
  const { t } = useTranslation();
  return (
    <>
      <Heading title={t('pages.preferencesEnergyUsage')} intro={t('energyPrefs.intro.energy')} />
      <PreferencesTabs />
      <EnergyUsagePreferences />
    </>
  );
}
