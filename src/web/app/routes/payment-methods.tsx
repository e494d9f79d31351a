import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { accountApi } from '../feature-apis';
import { preloadFrom } from '../preload';
import { rootRoute } from '../root';

/** Saved cards. */
export const paymentMethodsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/payment-methods',
  loader: preloadFrom(accountApi, (m, client) => client.ensureQueryData(m.cardsQuery), 'signedIn'),
  component: lazyRouteComponent(() => import('@web/features/account/pages/payment-methods-page'), 'PaymentMethodsPage'),
});
