import { ConfirmAddress } from '../../features/onboarding';

export default function ConfirmAddressPage() {
  return <ConfirmAddress />;
}
