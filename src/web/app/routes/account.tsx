import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { accountApi } from '../feature-apis';
import { preloadFrom } from '../preload';
import { rootRoute } from '../root';

/** The account hub: summary, settings, sign out. */
export const accountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account',
  loader: preloadFrom(accountApi, (m, client) => Promise.all([client.ensureQueryData(m.summaryQuery), client.ensureQueryData(m.myMembershipsQuery)]), 'signedIn'),
  component: lazyRouteComponent(() => import('@web/features/account/pages/account-page'), 'AccountPage'),
});
