import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { text, type RawSearch } from '@web/lib/search';
import { rootRoute } from '../root';

const tokenSearch = (search: RawSearch): { token?: string } => ({ token: text(search, 'token') });

/** The link in the verification e-mail. */
export const verifyEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/verify-email',
  validateSearch: tokenSearch,
  component: lazyRouteComponent(() => import('@web/features/auth/pages/verify-email-page'), 'VerifyEmailPage'),
});
