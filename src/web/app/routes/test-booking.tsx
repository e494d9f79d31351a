import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../root';

/** A page for trying the test card provider. */
export const testBookingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/test-booking',
  component: lazyRouteComponent(() => import('@web/features/booking/pages/test-booking-page'), 'TestBookingPage'),
});
