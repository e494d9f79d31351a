import { PlaceholderPage } from '@web/components/layout/placeholder-page';

/** Choose Your Service: services, service type, address, date and slot (built by the booking work). */
export function BookingStart() {
  return <PlaceholderPage title="Choose Your Service" />;
}
