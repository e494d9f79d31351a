import { dashboardSummary as dashboardSummaryResponse, type DashboardSummary } from '../../../../shared/schemas/admin-dashboard';
import { addDaysToKey, dayOfWeek, pacificDateKey, pacificInstant } from '../../../../shared/time';
import type { AppContext } from '../../../context';
import { requireAdmin } from '../../../http/auth-hooks';
import { defineRoute } from '../../../http/contract';
import { bookingsWithConcerns } from '../../inspections';
import * as repo from './admin-dashboard.repository';

/** How many flagged bookings the dashboard names one by one; the count says how many there are in all. */
const CONCERNS_LISTED = 5;

export async function dashboardSummary(ctx: AppContext): Promise<DashboardSummary> {
  const now = ctx.now();
  const today = pacificDateKey(now);
  const tomorrow = addDaysToKey(today, 1);
  // Monday starts the week (dayOfWeek: 0 is Sunday).
  const weekStart = addDaysToKey(today, -((dayOfWeek(today) + 6) % 7));
  const [serviceRow, bookingRow, customers, todays, tomorrows, receivedToday, receivedWeek, attention, concerns] = await Promise.all([
    repo.serviceCounts(ctx.db),
    repo.bookingTotals(ctx.db),
    repo.customerCount(ctx.db),
    repo.bookingsOnDay(ctx.db, today),
    repo.bookingsOnDay(ctx.db, tomorrow),
    // Whole Pacific days: money is only ever received up to now, so the day's end bounds nothing still to come.
    repo.receivedBetween(ctx.db, pacificInstant(today, '00:00'), pacificInstant(tomorrow, '00:00')),
    repo.receivedBetween(ctx.db, pacificInstant(weekStart, '00:00'), pacificInstant(addDaysToKey(weekStart, 7), '00:00')),
    repo.attentionCounts(ctx.db, now, new Date(now.getTime() + 7 * 86_400_000)),
    bookingsWithConcerns(ctx.db, today, CONCERNS_LISTED),
  ]);
  return {
    services: serviceRow.total,
    activeServices: serviceRow.active,
    bookings: bookingRow.total,
    revenue: bookingRow.revenue,
    received: { today: receivedToday, week: receivedWeek, weekStart },
    tomorrow: {
      date: tomorrow,
      jobs: tomorrows.length,
      unassigned: tomorrows.filter((b) => !b.assignedDriverId && b.serviceType !== 'serviceLocation').length,
      firstStart: tomorrows[0]?.scheduledDate ?? null,
    },
    attention: {
      ...attention,
      concerns: concerns.count,
      concernBookings: concerns.bookings.map((b) => ({ id: b.id, scheduledDate: b.scheduledDate.toISOString() })),
    },
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
