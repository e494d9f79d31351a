import { accountRoutes } from './account';
import { analyticsRoutes } from './analytics';
import { addressesRoutes } from './addresses';
import { adminRoutes } from './admin';
import { authRoutes } from './auth';
import { calendarRoutes } from './calendar';
import { bookingsAccountRoutes } from './bookings';
import { bookingsRoutes, provideTechnicianDays } from './bookings';
import { driverRoutes } from './drivers';
import { inspectionRoutes } from './inspections';
import { geoRoutes } from './geo';
import { packagesRoutes } from './packages';
import { membershipsRoutes } from './memberships';
import { paymentMethodsRoutes } from './payment-methods';
import { paymentsRoutes } from './payments';
import { addOnsAdminRoutes, servicesAdminRoutes } from './services';
import { servicesRoutes } from './services';
import { slotsRoutes } from './slots';
import { systemRoutes } from './system';
import { operationsRoutes } from './operations';
import { trackingRoutes } from './tracking';
import { vehiclesRoutes } from './vehicles';
import { offersRoutes } from './offers';
import { storeMirrorRoutes } from './store-mirror';
import { storeOrdersRoutes } from './store-orders';
import { messagesRoutes } from './messages';
import { webhooksRoutes } from './webhooks';
import { settingsRoutes } from './settings';
import { technicianDays, technicianDaysColumn, technicianDaysOf, technicianRoutes } from './technicians';
import { promosRoutes } from './promos';

// Who can get there (decision 055): the bookings' claim and the slot lists read each technician's day, which
// the technicians feature builds on the bookings' own day (so bookings cannot import it: no loops).
provideTechnicianDays({ load: technicianDays, column: technicianDaysColumn, of: technicianDaysOf });

/** Every feature's route declarations; a new feature adds its list here. Tests iterate this list. */
export const apiRoutes = [
  ...systemRoutes,
  ...operationsRoutes,
  ...authRoutes,
  ...servicesRoutes,
  ...geoRoutes,
  ...bookingsRoutes,
  ...paymentsRoutes,
  ...slotsRoutes,
  ...adminRoutes,
  ...servicesAdminRoutes,
  ...addOnsAdminRoutes,
  ...accountRoutes,
  ...addressesRoutes,
  ...vehiclesRoutes,
  ...paymentMethodsRoutes,
  ...bookingsAccountRoutes,
  ...driverRoutes,
  ...inspectionRoutes,
  ...trackingRoutes,
  ...packagesRoutes,
  ...membershipsRoutes,
  ...analyticsRoutes,
  ...offersRoutes,
  ...storeMirrorRoutes,
  ...storeOrdersRoutes,
  ...calendarRoutes,
  ...messagesRoutes,
  ...webhooksRoutes,
  ...settingsRoutes,
  ...technicianRoutes,
  ...promosRoutes,
] as const;

/** The union of every declaration: the web's typed client reads it as a type only (zero runtime). */
export type ApiRoutes = (typeof apiRoutes)[number];
