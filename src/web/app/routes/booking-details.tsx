import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { bookingSearch } from '@web/features/booking/search';
import { bookingApi } from '../feature-apis';
import { preloadFrom } from '../preload';
import { rootRoute } from '../root';

/** Step 3: review the booking before paying. */
export const bookingDetailsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/booking-details',
  validateSearch: bookingSearch,
  loaderDeps: ({ search }) => ({ serviceId: search.serviceId }),
  loader: preloadFrom(bookingApi, (m, client, { deps: { serviceId } }: { deps: { serviceId?: string } }) => serviceId && client.ensureQueryData(m.serviceQuery(serviceId))),
  component: lazyRouteComponent(() => import('@web/features/booking/pages/booking-details-page'), 'BookingDetailsPage'),
});
