import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { text, type RawSearch } from '@web/lib/search';
import { rootRoute } from '../root';

const tokenSearch = (search: RawSearch): { token?: string } => ({ token: text(search, 'token') });

/** The link e-mailed to a guest who asked to keep a booking in an account (decision 030). */
export const claimBookingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/claim-booking',
  validateSearch: tokenSearch,
  component: lazyRouteComponent(() => import('@web/features/auth/pages/claim-booking-page'), 'ClaimBookingPage'),
});
