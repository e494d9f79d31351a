import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../root';

/** The store integration: sync, the store's customers and orders, webhooks. */
export const adminShopifyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/shopify',
  component: lazyRouteComponent(() => import('@web/features/admin/pages/admin-shopify-page'), 'AdminShopifyPage'),
});
