import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { driverApi } from '../feature-apis';
import { preloadFrom } from '../preload';
import { rootRoute } from '../root';

/** The driver's app (the same page as /driver/dashboard). */
export const driverRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/driver',
  loader: preloadFrom(
    driverApi,
    (m, client) => Promise.all([client.ensureQueryData(m.driverStatusQuery), client.ensureQueryData(m.activeBookingsQuery), client.ensureQueryData(m.completedBookingsQuery)]),
    'driver',
  ),
  component: lazyRouteComponent(() => import('@web/features/driver/pages/driver-dashboard-page'), 'DriverDashboardPage'),
});
