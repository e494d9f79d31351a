import { PlaceholderPage } from '@web/components/layout/placeholder-page';

export function HelpPage() {
  return <PlaceholderPage title="Help & Support" />;
}
