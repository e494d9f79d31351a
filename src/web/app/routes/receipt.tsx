import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { accountApi } from '../feature-apis';
import { preloadFrom } from '../preload';
import { rootRoute } from '../root';

/** The receipt of one paid booking. */
export const receiptRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/bookings/$bookingId/receipt',
  loader: preloadFrom(accountApi, (m, client, { params: { bookingId } }: { params: { bookingId: string } }) => client.ensureQueryData(m.receiptQuery(bookingId)), 'signedIn'),
  component: lazyRouteComponent(() => import('@web/features/account/pages/receipt-page'), 'ReceiptPage'),
});
