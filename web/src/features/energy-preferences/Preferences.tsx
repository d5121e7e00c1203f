import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Heading } from '../../components/Heading';
import { LinkTabs } from '../../components/LinkTabs';
import { paths } from '../../config/paths';
import { Co2Preferences } from './Co2Preferences';
import { EnergyUsagePreferences } from './EnergyUsagePreferences';
import { EntireOffice } from './EntireOffice';
import { PreferencesOverview } from './PreferencesOverview';

const TABS = [
  { key: 'overview', to: paths.preferences, title: 'nav.preferences', Body: PreferencesOverview },
  {
    key: 'energy',
    to: paths.preferencesEnergyUsage,
    title: 'pages.preferencesEnergyUsage',
    Body: EnergyUsagePreferences,
  },
  {
    key: 'co2',
    to: paths.preferencesCo2Savings,
    title: 'pages.preferencesCo2Savings',
    Body: Co2Preferences,
  },
  {
    key: 'office',
    to: paths.preferencesEntireOffice,
    title: 'pages.preferencesEntireOffice',
    Body: EntireOffice,
  },
] as const;

/** The preferences page open at the path: its heading, the four pages as tabs that are links,
 * and its own content. */
export function Preferences() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const open = TABS.find((tab) => tab.to === pathname) ?? TABS[0];
  const tabs = TABS.map((tab) => ({ label: t(`energyPrefs.tabs.${tab.key}`), to: tab.to }));
  return (
    <>
      <Heading title={t(open.title)} intro={t(`energyPrefs.intro.${open.key}`)} />
      <LinkTabs label={t('energyPrefs.tabs.label')} tabs={tabs} current={open.to} />
      <open.Body />
    </>
  );
}
