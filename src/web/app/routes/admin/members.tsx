import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../root';

/** Memberships: the members, the monthly recurring revenue and the plans (decision 059). */
export const adminMembersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/members',
  component: lazyRouteComponent(() => import('@web/features/admin/pages/admin-members-page'), 'AdminMembersPage'),
});
