import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../root';

/** Ask for a password-reset e-mail. */
export const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  component: lazyRouteComponent(() => import('@web/features/auth/pages/forgot-password-page'), 'ForgotPasswordPage'),
});
