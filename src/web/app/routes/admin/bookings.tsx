import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminApi } from '../../feature-apis';
import { preloadFrom } from '../../preload';
import { rootRoute } from '../../root';

/** Every booking, filtered, with status and driver changes. */
export const adminBookingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/bookings',
  loader: preloadFrom(adminApi, (m, client) => client.ensureQueryData(m.driversQuery), 'admin'),
  component: lazyRouteComponent(() => import('@web/features/admin/pages/admin-bookings-page'), 'AdminBookingsPage'),
});
