import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DRIVER_ACTIVE_STATUSES } from '../../../../shared/tracking';
import type { DbOrTx } from '../../../db/client';
import { bookings, driverStatus, users } from '../../../db/schema';

const activeStatuses = sql.join(
  DRIVER_ACTIVE_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

export async function listDrivers(db: DbOrTx, options: { page: number; pageSize: number; id?: string }) {
  const where = and(eq(users.role, 'driver'), isNull(users.deletedAt), options.id ? eq(users.id, options.id) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        fullName: users.fullName,
        email: users.email,
        phone: users.phone,
        role: users.role,
        isDisabled: users.isDisabled,
        emailVerified: users.emailVerified,
        createdAt: users.createdAt,
        status: driverStatus.status,
        lastSeen: driverStatus.lastSeen,
        isLocationSharing: driverStatus.isLocationSharing,
        currentBookingId: driverStatus.currentBookingId,
        activeBookings: sql<number>`(select count(*)::int from ${bookings} b where b.assigned_driver_id = "users"."id" and b.status in (${activeStatuses}))`,
      })
      .from(users)
      .leftJoin(driverStatus, eq(driverStatus.driverId, users.id))
      .where(where)
      .orderBy(users.isDisabled, desc(users.createdAt))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ value: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findStaff(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: users.id, fullName: users.fullName, email: users.email, role: users.role, isDisabled: users.isDisabled, deletedAt: users.deletedAt })
    .from(users)
    .where(and(eq(users.id, id), inArray(users.role, ['driver'])));
  return row;
}

