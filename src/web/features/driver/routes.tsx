import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '@web/root-route';

const DriverDashboardPage = lazyRouteComponent(() => import('./pages/driver-dashboard-page'), 'DriverDashboardPage');

export const driverRoutes = [
  createRoute({ getParentRoute: () => rootRoute, path: '/driver', component: DriverDashboardPage }),
  createRoute({ getParentRoute: () => rootRoute, path: '/driver/dashboard', component: DriverDashboardPage }),
] as const;
