import { PlaceholderPage } from '@web/components/layout/placeholder-page';

export function ProfilePage() {
  return <PlaceholderPage title="Profile" />;
}
