import { PlaceholderPage } from '@web/components/layout/placeholder-page';

export function BookingPage() {
  return <PlaceholderPage title="Book Service" />;
}
