import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../root';

/** The back office's sign-in. */
export const adminLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/login',
  component: lazyRouteComponent(() => import('@web/features/admin/pages/admin-login-page'), 'AdminLoginPage'),
});
