import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminApi } from '../../feature-apis';
import { preloadFrom } from '../../preload';
import { rootRoute } from '../../root';

/** Drivers and admins. */
export const adminStaffRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/staff',
  loader: preloadFrom(adminApi, (m, client) => client.ensureQueryData(m.staffQuery), 'admin'),
  component: lazyRouteComponent(() => import('@web/features/admin/pages/admin-staff-page'), 'AdminStaffPage'),
});
