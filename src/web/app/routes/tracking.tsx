import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { trackingSearch } from '@web/features/tracking/search';
import { trackingApi } from '../feature-apis';
import { preloadFrom } from '../preload';
import { rootRoute } from '../root';

/** A booking's live status, for its customer or a guest with the link's token. */
export const trackingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/tracking',
  validateSearch: trackingSearch,
  loaderDeps: ({ search }) => ({ bookingId: search.bookingId, token: search.token }),
  loader: preloadFrom(trackingApi, (m, client, { deps: { bookingId, token } }: { deps: { bookingId?: string; token?: string } }) => bookingId && client.ensureQueryData(m.trackingQuery(bookingId, token))),
  component: lazyRouteComponent(() => import('@web/features/tracking/pages/tracking-page'), 'TrackingPage'),
});
