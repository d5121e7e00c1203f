import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
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
  return (
    <Tabs
      value={current}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={t('energyPrefs.tabs.label')}
      sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
    >
      {TABS.map((tab) => (
        <Tab
          key={tab.key}
          value={tab.to}
          label={t(`energyPrefs.tabs.${tab.key}`)}
          component={RouterLink}
          to={tab.to}
        />
      ))}
    </Tabs>
  );
}
