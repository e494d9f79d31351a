import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../root';

/** Order Fulfillment: paid store orders, their bookings and fulfilment in the store. */
export const adminFulfillmentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/fulfillment',
  component: lazyRouteComponent(() => import('@web/features/admin/pages/admin-fulfillment-page'), 'AdminFulfillmentPage'),
});
