import { WithdrawConsent } from '../../features/onboarding';

export default function WithdrawConsentPage() {
  return <WithdrawConsent />;
}
