import { PlaceholderPage } from '@web/components/layout/placeholder-page';

export function TestBookingPage() {
  return <PlaceholderPage title="Test Booking" />;
}
