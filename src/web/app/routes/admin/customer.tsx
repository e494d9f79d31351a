import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../root';

/** One client's record: contact, notes, vehicles, addresses, history; merge and delete. */
export const adminCustomerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/customers/$clientId',
  component: lazyRouteComponent(() => import('@web/features/admin/pages/admin-client-page'), 'AdminClientPage'),
});
