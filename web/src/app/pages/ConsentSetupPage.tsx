import { ConsentSetup } from '../../features/onboarding';

export default function ConsentSetupPage() {
  return <ConsentSetup />;
}
