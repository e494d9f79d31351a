import { PlaceholderPage } from '@web/components/layout/placeholder-page';

export function AdminComingPage() {
  return <PlaceholderPage title="Coming soon" />;
}
