import { useTranslation } from 'react-i18next';
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

/** One of the four preferences pages: which one, as the router names it. */
export type PreferencesTab = (typeof TABS)[number]['key'];

/** The preferences page `tab`: its heading, the four pages as tabs that are links, and its
 * own content. */
export function Preferences({ tab }: { tab: PreferencesTab }) {
  const { t } = useTranslation();
  const open = TABS.find((each) => each.key === tab) ?? TABS[0];
  const tabs = TABS.map((each) => ({ label: t(`energyPrefs.tabs.${each.key}`), to: each.to }));
  return (
    <>
      <Heading title={t(open.title)} intro={t(`energyPrefs.intro.${open.key}`)} />
      <LinkTabs label={t('energyPrefs.tabs.label')} tabs={tabs} current={open.to} />
      <open.Body />
    </>
  );
}
