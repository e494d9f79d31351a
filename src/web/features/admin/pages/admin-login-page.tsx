import { PlaceholderPage } from '@web/components/layout/placeholder-page';

export function AdminLoginPage() {
  return <PlaceholderPage title="Admin Login" />;
}
