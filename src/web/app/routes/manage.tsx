import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { text, type RawSearch } from '@web/lib/search';
import { rootRoute } from '../root';

const tokenSearch = (search: RawSearch): { token?: string } => ({ token: text(search, 'token') });

/** "Manage booking" from a customer's message: its signed link opens the booking, no account needed (decision 050). */
export const manageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/manage',
  validateSearch: tokenSearch,
  component: lazyRouteComponent(() => import('@web/features/messages/pages/manage-booking-page'), 'ManageBookingPage'),
});

/** The review request's one-tap rating page, opened by its signed link. */
export const rateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/rate',
  validateSearch: tokenSearch,
  component: lazyRouteComponent(() => import('@web/features/messages/pages/rate-page'), 'RatePage'),
});

/** A rain offer's page (issue 26), opened by its signed `weather` link: keep the time or move in one tap. */
export const weatherRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/weather',
  validateSearch: tokenSearch,
  component: lazyRouteComponent(() => import('@web/features/messages/pages/weather-offer-page'), 'WeatherOfferPage'),
});
