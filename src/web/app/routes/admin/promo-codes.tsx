import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../root';

/** Marketing: the promo codes (decision 058). */
export const adminPromoCodesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/marketing/promo-codes',
  component: lazyRouteComponent(() => import('@web/features/admin/pages/admin-promo-codes-page'), 'AdminPromoCodesPage'),
});
