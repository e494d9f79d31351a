import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { rootRoute } from '../../root';

/** Marketing: the promotional offer's editor, previewing the public page itself (composed here: features never import each other). */
export const adminMarketingOfferRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/marketing/offer',
  component: lazyRouteComponent(() => import('./marketing-offer'), 'MarketingOffer'),
});

/** /admin/marketing opens its one page, the offer. */
export const adminMarketingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/marketing',
  beforeLoad: () => {
    throw redirect({ to: '/admin/marketing/offer' });
  },
});
