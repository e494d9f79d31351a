import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '@web/root-route';
import { HomePage } from '@web/features/home/home-page';
import { text, type RawSearch } from '@web/lib/search';

const tokenSearch = (search: RawSearch): { token?: string } => ({ token: text(search, 'token') });

/** Book Again opens the booking start with the service, type and address filled in. */
export interface HomeSearch {
  serviceId?: string;
  serviceType?: string;
  address?: string;
}
const homeSearch = (search: RawSearch): HomeSearch => ({
  serviceId: text(search, 'serviceId'),
  serviceType: text(search, 'serviceType'),
  address: text(search, 'address'),
});

export const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', validateSearch: homeSearch, component: HomePage });

export const authRoutes = [
  homeRoute,
  createRoute({ getParentRoute: () => rootRoute, path: '/auth', component: lazyRouteComponent(() => import('./pages/auth-page'), 'AuthPage') }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/verify-email',
    validateSearch: tokenSearch,
    component: lazyRouteComponent(() => import('./pages/verify-email-page'), 'VerifyEmailPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/forgot-password',
    component: lazyRouteComponent(() => import('./pages/forgot-password-page'), 'ForgotPasswordPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/reset-password',
    validateSearch: tokenSearch,
    component: lazyRouteComponent(() => import('./pages/reset-password-page'), 'ResetPasswordPage'),
  }),
] as const;
