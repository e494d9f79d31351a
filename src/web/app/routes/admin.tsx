import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../root';

/** The back office's sign-in (the same page as /admin/login). All of /admin is lazy: nothing of the back office is in the customer's download. */
export const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  component: lazyRouteComponent(() => import('@web/features/admin/pages/admin-login-page'), 'AdminLoginPage'),
});
