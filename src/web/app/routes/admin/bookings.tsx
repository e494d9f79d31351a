import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { bookingsSearch } from '@web/features/admin/bookings-search';
import { adminApi } from '../../feature-apis';
import { preloadFrom } from '../../preload';
import { rootRoute } from '../../root';

/** Every booking, filtered (filters and page kept in the URL), with status and driver changes. */
export const adminBookingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/bookings',
  validateSearch: bookingsSearch,
  loader: preloadFrom(adminApi, (m, client) => client.ensureQueryData(m.driversQuery), 'admin'),
  component: lazyRouteComponent(() => import('@web/features/admin/pages/admin-bookings-page'), 'AdminBookingsPage'),
});
