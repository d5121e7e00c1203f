import { Preferences, type PreferencesTab } from '../../features/energy-preferences';

export default function PreferencesPage({ tab }: { tab: PreferencesTab }) {
  return <Preferences tab={tab} />;
}
