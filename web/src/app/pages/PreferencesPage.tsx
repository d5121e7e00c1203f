import { Preferences } from '../../features/energy-preferences';

export default function PreferencesPage() {
  return <Preferences />;
}
