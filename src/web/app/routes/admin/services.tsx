import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminApi } from '../../feature-apis';
import { preloadFrom } from '../../preload';
import { rootRoute } from '../../root';

/** The service catalogue. */
export const adminServicesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/services',
  loader: preloadFrom(adminApi, (m, client) => client.ensureQueryData(m.adminServicesQuery), 'admin'),
  component: lazyRouteComponent(() => import('@web/features/admin/pages/admin-services-page'), 'AdminServicesPage'),
});
