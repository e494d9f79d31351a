import { PlaceholderPage } from '@web/components/layout/placeholder-page';

export function AdminCustomersPage() {
  return <PlaceholderPage title="Customer Management" />;
}
