export { settingsApi } from './api';
export {
  automationsChanged,
  fetchAutomations,
  fetchHistory,
  setSettingTab,
  settingsSlice,
} from './slice';
export type { Automation, BusinessSettings, HistoryEntry, SettingTab } from './types';
export { SettingsTabs } from './SettingsTabs';
export { useBusinessSettings } from './useBusinessSettings';
