import { PlaceholderPage } from '@web/components/layout/placeholder-page';

export function AdminBookingsPage() {
  return <PlaceholderPage title="Manage Bookings" />;
}
