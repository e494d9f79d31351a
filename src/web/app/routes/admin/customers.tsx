import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../root';

/** Customers and their addresses. */
export const adminCustomersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/customers',
  component: lazyRouteComponent(() => import('@web/features/admin/pages/admin-customers-page'), 'AdminCustomersPage'),
});
