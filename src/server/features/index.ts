import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { adminRoutes } from './admin/admin.routes';
import { authRoutes } from './auth/auth.routes';
import { bookingsRoutes } from './bookings/bookings.routes';
import { geoRoutes } from './geo/geo.routes';
import { paymentsRoutes } from './payments/payments.routes';
import { servicesRoutes } from './services/services.routes';
import { accountRoutes } from './account/account.routes';
import { addressesRoutes } from './addresses/addresses.routes';
import { bookingsAccountRoutes } from './bookings/bookings-account.routes';
import { paymentMethodsRoutes } from './payment-methods/payment-methods.routes';
import { servicesAdminRoutes } from './services/services-admin.routes';
import { slotsRoutes } from './slots/slots.routes';
import { systemRoutes } from './system/system.routes';
import { driverRoutes } from './drivers/drivers.routes';
import { trackingRoutes } from './tracking/tracking.routes';
import { liveSocketRoutes } from '../ws/live-socket';

/** Every feature's routes; a new feature adds one line here. */
export const featureRoutes: Array<(app: FastifyInstance, ctx: AppContext) => Promise<void>> = [systemRoutes, authRoutes, servicesRoutes, geoRoutes, bookingsRoutes, paymentsRoutes, slotsRoutes, adminRoutes, servicesAdminRoutes, accountRoutes, addressesRoutes, paymentMethodsRoutes, bookingsAccountRoutes, driverRoutes, trackingRoutes, liveSocketRoutes];
