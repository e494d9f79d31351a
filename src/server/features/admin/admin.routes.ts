import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { adminBookingsRoutes } from './bookings/admin-bookings.routes';
import { adminCustomersRoutes } from './customers/admin-customers.routes';
import { adminDashboardRoutes } from './dashboard/admin-dashboard';
import { scheduleRoutes } from './schedule/schedule.routes';
import { adminStaffRoutes } from './staff/admin-staff.routes';

/** The back office's API; every route is guarded by requireAdmin (checked by admin-authorisation.test.ts). */
export async function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  await adminDashboardRoutes(app, ctx);
  await scheduleRoutes(app, ctx);
  await adminBookingsRoutes(app, ctx);
  await adminCustomersRoutes(app, ctx);
  await adminStaffRoutes(app, ctx);
}
