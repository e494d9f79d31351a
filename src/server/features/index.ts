import { accountRoutes } from './account/account.routes';
import { analyticsRoutes } from './analytics/analytics.routes';
import { addressesRoutes } from './addresses/addresses.routes';
import { adminRoutes } from './admin/admin.routes';
import { authRoutes } from './auth/auth.routes';
import { calendarRoutes } from './calendar/calendar.routes';
import { bookingsAccountRoutes } from './bookings/bookings-account.routes';
import { bookingsRoutes } from './bookings/bookings.routes';
import { driverRoutes } from './drivers/drivers.routes';
import { geoRoutes } from './geo/geo.routes';
import { packagesRoutes } from './packages/packages.routes';
import { paymentMethodsRoutes } from './payment-methods/payment-methods.routes';
import { paymentsRoutes } from './payments/payments.routes';
import { servicesAdminRoutes } from './services/services-admin.routes';
import { servicesRoutes } from './services/services.routes';
import { slotsRoutes } from './slots/slots.routes';
import { systemRoutes } from './system/system.routes';
import { trackingRoutes } from './tracking/tracking.routes';
import { offersRoutes } from './offers/offers.routes';
import { storeRoutes } from './store/store.routes';
import { storeOrdersRoutes } from './store-orders/store-orders.routes';

/** Every feature's route declarations; a new feature adds its list here. Tests iterate this list. */
export const apiRoutes = [
  ...systemRoutes,
  ...authRoutes,
  ...servicesRoutes,
  ...geoRoutes,
  ...bookingsRoutes,
  ...paymentsRoutes,
  ...slotsRoutes,
  ...adminRoutes,
  ...servicesAdminRoutes,
  ...accountRoutes,
  ...addressesRoutes,
  ...paymentMethodsRoutes,
  ...bookingsAccountRoutes,
  ...driverRoutes,
  ...trackingRoutes,
  ...packagesRoutes,
  ...analyticsRoutes,
  ...offersRoutes,
  ...storeRoutes,
  ...storeOrdersRoutes,
  ...calendarRoutes,
] as const;

/** The union of every declaration: the web's typed client reads it as a type only (zero runtime). */
export type ApiRoutes = (typeof apiRoutes)[number];
