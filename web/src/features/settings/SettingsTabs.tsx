import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Heading } from '../../components/Heading';
import { NotificationSettings } from '../notifications';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { Automations } from './Automations';
import { BusinessSettingsForm } from './BusinessSettingsForm';
import { HistoryTable } from './HistoryTable';
import { setSettingTab } from './slice';
import type { SettingTab } from './types';

const TABS: SettingTab[] = ['history', 'automations', 'business', 'notifications'];

/** The settings page: the action history, the automations and the business's settings. */
export function SettingsTabs() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const tab = useAppSelector((state) => state.settings.settingTab);
  return (
    <>
      <Heading title={t('nav.settings')} intro={t('settings.intro')} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_, next: SettingTab) => dispatch(setSettingTab(next))}
          aria-label={t('nav.settings')}
          variant="scrollable"
          allowScrollButtonsMobile
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
        </Tabs>
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
