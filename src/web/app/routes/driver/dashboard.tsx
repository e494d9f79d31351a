import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { driverApi } from '../../feature-apis';
import { preloadFrom } from '../../preload';
import { rootRoute } from '../../root';

/** The driver's jobs, status and location sharing; a lazy chunk customers never load. */
export const driverDashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/driver/dashboard',
  loader: preloadFrom(
    driverApi,
    (m, client) => Promise.all([client.ensureQueryData(m.driverStatusQuery), client.ensureQueryData(m.activeBookingsQuery), client.ensureQueryData(m.completedBookingsQuery)]),
    'driver',
  ),
  component: lazyRouteComponent(() => import('@web/features/driver/pages/driver-dashboard-page'), 'DriverDashboardPage'),
});
