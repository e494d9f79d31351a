import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../root';

/** The wash-and-wax promotion: an ad landing page, loaded on its own (no booking or back-office code). */
export const swwOfferRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sww-offer',
  component: lazyRouteComponent(() => import('@web/features/offers/pages/offer-page'), 'OfferPage'),
});
