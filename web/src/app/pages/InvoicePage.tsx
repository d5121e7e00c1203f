import { InvoiceDocument } from '../../features/subscriptions';

export default function InvoicePage() {
  return <InvoiceDocument />;
}
