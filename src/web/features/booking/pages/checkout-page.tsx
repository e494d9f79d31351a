import { PlaceholderPage } from '@web/components/layout/placeholder-page';

export function CheckoutPage() {
  return <PlaceholderPage title="Checkout" />;
}
