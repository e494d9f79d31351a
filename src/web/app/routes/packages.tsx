import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { packagesApi } from '../feature-apis';
import { preloadFrom } from '../preload';
import { rootRoute } from '../root';

/** The package store: anyone may look; buying needs a sign-in. */
export const packagesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/packages',
  loader: preloadFrom(packagesApi, (m, client) => Promise.all([client.ensureQueryData(m.storePackagesQuery), client.ensureQueryData(m.membershipPlansQuery)])),
  component: lazyRouteComponent(() => import('@web/features/packages/pages/packages-page'), 'PackagesPage'),
});
