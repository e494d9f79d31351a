import { adminBookingsRoutes } from './bookings/admin-bookings.routes';
import { adminClientsRoutes } from './clients/admin-clients.routes';
import { adminCustomersRoutes } from './customers/admin-customers.routes';
import { adminDashboardRoutes } from './dashboard/admin-dashboard';
import { dispatchRoutes } from './dispatch/dispatch.routes';
import { scheduleRoutes } from './schedule/schedule.routes';
import { adminStaffRoutes } from './staff/admin-staff.routes';

/** The back office's API; every route is guarded by requireAdmin (checked by admin-authorisation.test.ts). */
export const adminRoutes = [...adminDashboardRoutes, ...scheduleRoutes, ...adminBookingsRoutes, ...adminCustomersRoutes, ...adminClientsRoutes, ...adminStaffRoutes, ...dispatchRoutes] as const;
