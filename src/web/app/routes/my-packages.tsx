import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { packagesApi } from '../feature-apis';
import { preloadFrom } from '../preload';
import { rootRoute } from '../root';

/** The customer's prepaid packages: active ones and history. */
export const myPackagesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/my-packages',
  loader: preloadFrom(packagesApi, (m, client) => client.ensureQueryData(m.myPackagesQuery), 'signedIn'),
  component: lazyRouteComponent(() => import('@web/features/packages/pages/my-packages-page'), 'MyPackagesPage'),
});
