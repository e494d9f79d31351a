import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { adminWebhooksApi } from '../../feature-apis';
import { preloadFrom } from '../../preload';
import { rootRoute } from '../../root';

/** The owner's other tools: outbound webhook endpoints and their delivery log (decision 052). */
export const adminWebhooksRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/webhooks',
  loader: preloadFrom(adminWebhooksApi, (m, client) => client.ensureQueryData(m.webhookEndpointsQuery), 'admin'),
  component: lazyRouteComponent(() => import('@web/features/admin/pages/admin-webhooks-page'), 'AdminWebhooksPage'),
});
