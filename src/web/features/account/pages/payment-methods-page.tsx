import { PlaceholderPage } from '@web/components/layout/placeholder-page';

export function PaymentMethodsPage() {
  return <PlaceholderPage title="Payment Methods" />;
}
