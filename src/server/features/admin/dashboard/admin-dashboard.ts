import type { FastifyInstance } from 'fastify';
import type { DashboardSummary } from '../../../../shared/schemas/admin';
import { pacificDateKey } from '../../../../shared/time';
import type { AppContext } from '../../../context';
import { requireAdmin } from '../../../http/auth-hooks';
import * as repo from './admin-dashboard.repository';

export async function dashboardSummary(ctx: AppContext): Promise<DashboardSummary> {
  const today = pacificDateKey(ctx.now());
  const [serviceRow, bookingRow, todays] = await Promise.all([repo.serviceCounts(ctx.db), repo.bookingTotals(ctx.db), repo.bookingsOnDay(ctx.db, today)]);
  return {
    services: serviceRow.total,
    activeServices: serviceRow.active,
    bookings: bookingRow.total,
    revenue: bookingRow.revenue,
    customers: bookingRow.customers,
    today: todays,
    todayDate: today,
  };
}

export async function adminDashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/admin/dashboard', { preHandler: requireAdmin }, async () => dashboardSummary(ctx));
}
