import { PlaceholderPage } from '@web/components/layout/placeholder-page';

export function SettingsPage() {
  return <PlaceholderPage title="Settings" />;
}
