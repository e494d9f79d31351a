import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../root';

/** Funnel, events, sessions, the daily chart and the promotional offer. */
export const adminAnalyticsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/analytics',
  component: lazyRouteComponent(() => import('@web/features/admin/pages/admin-analytics-page'), 'AdminAnalyticsPage'),
});
