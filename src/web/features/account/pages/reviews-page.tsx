import { PlaceholderPage } from '@web/components/layout/placeholder-page';

export function ReviewsPage() {
  return <PlaceholderPage title="Reviews" />;
}
