import { useTranslation } from 'react-i18next';
import { Heading } from '../../components/Heading';
import { EntireOffice, PreferencesTabs } from '../../features/energy-preferences';

export default function EntireOfficePage() {
  const { t } = useTranslation();
  return (
    <>
      <Heading title={t('pages.preferencesEntireOffice')} intro={t('energyPrefs.intro.office')} />
      <PreferencesTabs />
      <EntireOffice />
    </>
  );
}
