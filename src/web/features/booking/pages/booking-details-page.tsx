import { PlaceholderPage } from '@web/components/layout/placeholder-page';

export function BookingDetailsPage() {
  return <PlaceholderPage title="Booking Details" />;
}
