import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../root';

/** The customer's bookings: upcoming and past. */
export const bookingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/bookings',
  component: lazyRouteComponent(() => import('@web/features/account/pages/bookings-page'), 'BookingsPage'),
});
