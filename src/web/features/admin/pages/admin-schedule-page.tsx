import { PlaceholderPage } from '@web/components/layout/placeholder-page';

export function AdminSchedulePage() {
  return <PlaceholderPage title="Schedule Management" />;
}
