import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminApi } from '../../feature-apis';
import { preloadFrom } from '../../preload';
import { rootRoute } from '../../root';

/** Slots, hours and blocked days. */
export const adminScheduleRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/schedule',
  loader: preloadFrom(adminApi, (m, client) => client.ensureQueryData(m.weeklyHoursQuery), 'admin'),
  component: lazyRouteComponent(() => import('@web/features/admin/pages/admin-schedule-page'), 'AdminSchedulePage'),
});
