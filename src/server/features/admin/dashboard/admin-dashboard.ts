import { dashboardSummary as dashboardSummaryResponse, type DashboardSummary } from '../../../../shared/schemas/admin-dashboard';
import { pacificDateKey } from '../../../../shared/time';
import type { AppContext } from '../../../context';
import { requireAdmin } from '../../../http/auth-hooks';
import { defineRoute } from '../../../http/contract';
import * as repo from './admin-dashboard.repository';

export async function dashboardSummary(ctx: AppContext): Promise<DashboardSummary> {
  const today = pacificDateKey(ctx.now());
  const [serviceRow, bookingRow, customers, todays] = await Promise.all([
    repo.serviceCounts(ctx.db),
    repo.bookingTotals(ctx.db),
    repo.customerCount(ctx.db),
    repo.bookingsOnDay(ctx.db, today),
  ]);
  return {
    services: serviceRow.total,
    activeServices: serviceRow.active,
    bookings: bookingRow.total,
    revenue: bookingRow.revenue,
    customers,
    today: todays,
    todayDate: today,
  };
}

export const adminDashboardRoutes = [
  defineRoute({ method: 'GET', url: '/api/admin/dashboard', guard: requireAdmin, schema: { tags: ['admin'], response: { 200: dashboardSummaryResponse } } }, async (_request, _reply, ctx) =>
    dashboardSummary(ctx),
  ),
] as const;
