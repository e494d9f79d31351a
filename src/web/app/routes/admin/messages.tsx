import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminMessagesApi } from '../../feature-apis';
import { preloadFrom } from '../../preload';
import { rootRoute } from '../../root';

/** What Glint tells customers on its own: the reminder times (decision 050). */
export const adminMessagesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/messages',
  loader: preloadFrom(adminMessagesApi, (m, client) => client.ensureQueryData(m.businessSettingsQuery), 'admin'),
  component: lazyRouteComponent(() => import('@web/features/admin/pages/admin-messages-page'), 'AdminMessagesPage'),
});
