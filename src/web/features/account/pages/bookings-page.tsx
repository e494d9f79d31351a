import { PlaceholderPage } from '@web/components/layout/placeholder-page';

export function BookingsPage() {
  return <PlaceholderPage title="My Bookings" />;
}
