import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LinkTabs } from '../../components/LinkTabs';
import { paths } from '../../config/paths';

const TABS = [
  { key: 'overview', to: paths.preferences },
  { key: 'energy', to: paths.preferencesEnergyUsage },
  { key: 'co2', to: paths.preferencesCo2Savings },
  { key: 'office', to: paths.preferencesEntireOffice },
] as const;

/** The four preferences pages, as tabs that are links. */
export function PreferencesTabs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = TABS.find((tab) => tab.to === pathname)?.to ?? false;
  const tabs = TABS.map((tab) => ({ label: t(`energyPrefs.tabs.${tab.key}`), to: tab.to }));
  return <LinkTabs label={t('energyPrefs.tabs.label')} tabs={tabs} current={current} />;
}
