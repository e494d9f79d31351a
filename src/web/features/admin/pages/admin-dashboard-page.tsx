import { PlaceholderPage } from '@web/components/layout/placeholder-page';

export function AdminDashboardPage() {
  return <PlaceholderPage title="Admin Dashboard" />;
}
