import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminApi } from '../../feature-apis';
import { preloadFrom } from '../../preload';
import { rootRoute } from '../../root';

/** The dispatcher's board: today's and tomorrow's jobs, drivers, the map. */
export const adminDispatchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/dispatch',
  loader: preloadFrom(adminApi, (m, client) => client.ensureQueryData(m.dispatchQuery()), 'admin'),
  component: lazyRouteComponent(() => import('@web/features/admin/pages/admin-dispatch-page'), 'AdminDispatchPage'),
});
