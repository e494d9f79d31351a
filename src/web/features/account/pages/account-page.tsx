import { PlaceholderPage } from '@web/components/layout/placeholder-page';

export function AccountPage() {
  return <PlaceholderPage title="Account" />;
}
