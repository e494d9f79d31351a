import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../root';

/** The admin's prepaid packages. */
export const adminPackagesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/packages',
  component: lazyRouteComponent(() => import('@web/features/admin/pages/admin-packages-page'), 'AdminPackagesPage'),
});
