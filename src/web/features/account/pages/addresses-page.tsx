import { PlaceholderPage } from '@web/components/layout/placeholder-page';

export function AddressesPage() {
  return <PlaceholderPage title="Addresses" />;
}
