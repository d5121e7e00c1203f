import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Heading } from '../../components/Heading';
import { NotificationSettings } from '../notifications';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { Automations } from './Automations';
import { BusinessSettingsForm } from './BusinessSettingsForm';
import { HistoryTable } from './HistoryTable';
import { setSettingTab } from './slice';
import type { SettingTab } from './types';
import { ScrollingTabs } from '../../components/ScrollingTabs';

const TABS: SettingTab[] = ['history', 'automations', 'business', 'notifications'];

const isTab = (name: string | null): name is SettingTab => TABS.some((tab) => tab === name);

/**
 * The settings page: the action history, the automations, the business's settings and the
 * notifications; the address says which tab is open (`?tab=automations`).
 */
export function SettingsTabs() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const kept = useAppSelector((state) => state.settings.settingTab);
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  // The address names the tab, so a reload or a link opens it; without one, the last tab shown.
  const tab = isTab(asked) ? asked : kept;
  useEffect(() => {
    if (isTab(asked)) dispatch(setSettingTab(asked));
  }, [asked, dispatch]);
  // Through the address only (the effect above keeps the choice), so that a form that asks
  // before its unsaved changes are left can keep its tab open.
  const choose = (next: SettingTab) => setParams({ tab: next }, { replace: true });
  return (
    <>
      <Heading title={t('nav.settings')} intro={t('settings.intro')} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <ScrollingTabs
          value={tab}
          onChange={(_, next: SettingTab) => choose(next)}
          aria-label={t('nav.settings')}
        >
          {TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              label={t(`settings.tabs.${name}`)}
              id={`settings-tab-${name}`}
              aria-controls={`settings-panel-${name}`}
            />
          ))}
        </ScrollingTabs>
      </Box>
      <Box role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`}>
        {tab === 'history' && <HistoryTable />}
        {tab === 'automations' && <Automations />}
        {tab === 'business' && <BusinessSettingsForm />}
        {tab === 'notifications' && <NotificationSettings />}
      </Box>
    </>
  );
}
