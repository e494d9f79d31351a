import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { paySearch } from '@web/features/booking/search';
import { rootRoute } from '../root';

/** Pay now from the confirmation e-mail of a phone appointment (signed in, or a guest with the link's token). */
export const payRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pay',
  validateSearch: paySearch,
  component: lazyRouteComponent(() => import('@web/features/booking/pages/pay-page'), 'PayPage'),
});
