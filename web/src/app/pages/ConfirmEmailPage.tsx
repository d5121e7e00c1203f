import { ConfirmEmailForm } from '../../features/auth';

export default function ConfirmEmailPage() {
  return <ConfirmEmailForm />;
}
