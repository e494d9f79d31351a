import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from '@web/root-route';

export const trackingSearch = z.object({ bookingId: z.string().optional(), token: z.string().optional() });

export const trackingRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/tracking',
    validateSearch: trackingSearch,
    component: lazyRouteComponent(() => import('./pages/tracking-page'), 'TrackingPage'),
  }),
] as const;
