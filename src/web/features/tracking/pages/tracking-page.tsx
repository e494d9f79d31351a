import { PlaceholderPage } from '@web/components/layout/placeholder-page';

export function TrackingPage() {
  return <PlaceholderPage title="Track Your Booking" />;
}
