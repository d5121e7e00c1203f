import { EnergyUsageSetup } from '../../features/onboarding';

export default function EnergyUsageSetupPage() {
  return <EnergyUsageSetup />;
}
