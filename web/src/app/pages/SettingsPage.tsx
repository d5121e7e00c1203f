import { SettingsTabs } from '../../features/settings';

export default function SettingsPage() {
  return <SettingsTabs />;
}
