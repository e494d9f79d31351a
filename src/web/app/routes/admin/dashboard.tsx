import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminApi } from '../../feature-apis';
import { preloadFrom } from '../../preload';
import { rootRoute } from '../../root';

/** Today's figures. */
export const adminDashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/dashboard',
  loader: preloadFrom(adminApi, (m, client) => client.ensureQueryData(m.dashboardQuery), 'admin'),
  component: lazyRouteComponent(() => import('@web/features/admin/pages/admin-dashboard-page'), 'AdminDashboardPage'),
});
