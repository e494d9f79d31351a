import { PlaceholderPage } from '@web/components/layout/placeholder-page';

export function AdminServicesPage() {
  return <PlaceholderPage title="Services" />;
}
