import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '@web/root-route';
import { text, type RawSearch } from '@web/lib/search';

export const trackingSearch = (search: RawSearch): { bookingId?: string; token?: string } => ({
  bookingId: text(search, 'bookingId'),
  token: text(search, 'token'),
});

export const trackingRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/tracking',
    validateSearch: trackingSearch,
    component: lazyRouteComponent(() => import('./pages/tracking-page'), 'TrackingPage'),
  }),
] as const;
