import { PlaceholderPage } from '@web/components/layout/placeholder-page';

export function AdminStaffPage() {
  return <PlaceholderPage title="Staff" />;
}
