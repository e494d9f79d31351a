import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { text, type RawSearch } from '@web/lib/search';
import { rootRoute } from '../root';

const tokenSearch = (search: RawSearch): { token?: string } => ({ token: text(search, 'token') });

/** The link in the password-reset e-mail. */
export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: tokenSearch,
  component: lazyRouteComponent(() => import('@web/features/auth/pages/reset-password-page'), 'ResetPasswordPage'),
});
