import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DashboardSummary } from '../../../../shared/schemas/admin';
import { pacificDateKey } from '../../../../shared/time';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { bookings, services } from '../../../db/schema';
import { requireAdmin } from '../../../http/auth-hooks';
import { listBookingViews } from '../../bookings/bookings.repository';

/** Revenue counts confirmed-and-later bookings: not pending (unpaid holds), not cancelled. */
async function counts(db: DbOrTx) {
  const [serviceRow] = await db
    .select({ total: sql<number>`count(*)::int`, active: sql<number>`count(*) filter (where ${services.isActive})::int` })
    .from(services);
  const [bookingRow] = await db
    .select({
      total: sql<number>`count(*)::int`,
      revenue: sql<string>`coalesce(sum(${bookings.totalAmount}) filter (where ${bookings.status} not in ('pending', 'cancelled')), 0)::numeric(12,2)::text`,
      customers: sql<number>`count(distinct coalesce(${bookings.userId}::text, lower(${bookings.guestEmail})))::int`,
    })
    .from(bookings)
    .where(eq(bookings.isBlocked, false));
  return { serviceRow: serviceRow!, bookingRow: bookingRow! };
}

export async function dashboardSummary(ctx: AppContext): Promise<DashboardSummary> {
  const today = pacificDateKey(ctx.now());
  const [{ serviceRow, bookingRow }, todays] = await Promise.all([
    counts(ctx.db),
    listBookingViews(ctx.db, {
      where: and(eq(bookings.businessDate, today), eq(bookings.isBlocked, false), ne(bookings.status, 'cancelled')),
      page: 1,
      pageSize: 50,
      orderBy: [asc(bookings.scheduledDate)],
    }),
  ]);
  return {
    services: serviceRow.total,
    activeServices: serviceRow.active,
    bookings: bookingRow.total,
    revenue: bookingRow.revenue,
    customers: bookingRow.customers,
    today: todays.items,
    todayDate: today,
  };
}

export async function adminDashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/admin/dashboard', { preHandler: requireAdmin }, async () => dashboardSummary(ctx));
}
