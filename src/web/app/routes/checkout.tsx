import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { bookingSearch } from '@web/features/booking/search';
import { bookingApi } from '../feature-apis';
import { preloadFrom } from '../preload';
import { rootRoute } from '../root';

/** Step 4: hold the time, then pay (the phases are useCheckout's). */
export const checkoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/checkout',
  validateSearch: bookingSearch,
  loaderDeps: ({ search }) => ({ serviceId: search.serviceId }),
  loader: preloadFrom(bookingApi, (m, client, { deps: { serviceId } }: { deps: { serviceId?: string } }) => serviceId && client.ensureQueryData(m.serviceQuery(serviceId))),
  component: lazyRouteComponent(() => import('@web/features/booking/pages/checkout-page'), 'CheckoutPage'),
});
