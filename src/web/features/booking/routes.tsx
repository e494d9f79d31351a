import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { SERVICE_TYPES, type ServiceType } from '@shared/domain';
import { rootRoute } from '@web/root-route';
import { oneOf, text, type RawSearch } from '@web/lib/search';

/** The query of /booking, /booking-details and /checkout (customer-app.md §2); serviceType defaults to pickup. */
export interface BookingSearch {
  serviceId?: string;
  serviceType: ServiceType;
  address: string;
  date?: string;
  time?: string;
  slotId?: string;
  addressId?: string;
}

export function bookingSearch(search: RawSearch): BookingSearch {
  return {
    serviceId: text(search, 'serviceId'),
    serviceType: oneOf(search, 'serviceType', SERVICE_TYPES, 'pickup'),
    address: text(search, 'address') ?? '',
    date: text(search, 'date'),
    time: text(search, 'time'),
    slotId: text(search, 'slotId'),
    addressId: text(search, 'addressId'),
  };
}

export const bookingRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/booking',
    validateSearch: bookingSearch,
    component: lazyRouteComponent(() => import('./pages/booking-page'), 'BookingPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/booking-details',
    validateSearch: bookingSearch,
    component: lazyRouteComponent(() => import('./pages/booking-details-page'), 'BookingDetailsPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/checkout',
    validateSearch: bookingSearch,
    component: lazyRouteComponent(() => import('./pages/checkout-page'), 'CheckoutPage'),
  }),
  createRoute({ getParentRoute: () => rootRoute, path: '/test-booking', component: lazyRouteComponent(() => import('./pages/test-booking-page'), 'TestBookingPage') }),
] as const;
