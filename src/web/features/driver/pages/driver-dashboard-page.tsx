import { PlaceholderPage } from '@web/components/layout/placeholder-page';

export function DriverDashboardPage() {
  return <PlaceholderPage title="Driver Dashboard" />;
}
