import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { accountApi } from '../feature-apis';
import { preloadFrom } from '../preload';
import { rootRoute } from '../root';

/** Saved vehicles. */
export const vehiclesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/vehicles',
  loader: preloadFrom(accountApi, (m, client) => client.ensureInfiniteQueryData(m.vehiclesQuery), 'signedIn'),
  component: lazyRouteComponent(() => import('@web/features/account/pages/vehicles-page'), 'VehiclesPage'),
});
