import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { accountApi } from '../feature-apis';
import { preloadFrom } from '../preload';
import { rootRoute } from '../root';

/** Saved addresses. */
export const addressesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/addresses',
  loader: preloadFrom(accountApi, (m, client) => client.ensureQueryData(m.addressesQuery), 'signedIn'),
  component: lazyRouteComponent(() => import('@web/features/account/pages/addresses-page'), 'AddressesPage'),
});
