import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../root';

/** Reviews of completed bookings. */
export const reviewsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reviews',
  component: lazyRouteComponent(() => import('@web/features/account/pages/reviews-page'), 'ReviewsPage'),
});
