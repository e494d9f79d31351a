import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { SERVICE_TYPES } from '@shared/domain';
import { rootRoute } from '@web/root-route';

/** The query of /booking, /booking-details and /checkout (customer-app.md §2). */
export const bookingSearch = z.object({
  serviceId: z.string().optional(),
  serviceType: z.enum(SERVICE_TYPES).catch('pickup').default('pickup'),
  address: z.string().optional().default(''),
  date: z.string().optional(),
  time: z.string().optional(),
  slotId: z.string().optional(),
  addressId: z.string().optional(),
});
export type BookingSearch = z.infer<typeof bookingSearch>;

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
