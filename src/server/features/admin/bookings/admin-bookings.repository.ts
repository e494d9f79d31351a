import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AdminBookingsFilter } from '../../../../shared/schemas/admin-bookings';
import type { DriverOption } from '../../../../shared/schemas/admin-staff';
import type { BookingUpdateView } from '../../../../shared/schemas/bookings';
import type { DbOrTx } from '../../../db/client';
import { toUpdateView } from '../../bookings';
import { addresses, bookings, bookingUpdates, driverStatus, services, users } from '../../../db/schema';

/** The admin list's filter: customer bookings only (blocked time lives on the schedule), by status, payment, driver, type, day range and text. */
export function adminBookingsWhere(query: Omit<AdminBookingsFilter, 'sort'>): SQL {
  const conditions: Array<SQL | undefined> = [eq(bookings.isBlocked, false)];
  if (query.status) conditions.push(eq(bookings.status, query.status));
  if (query.paymentStatus) conditions.push(eq(bookings.paymentStatus, query.paymentStatus));
  if (query.driverId) conditions.push(query.driverId === 'unassigned' ? isNull(bookings.assignedDriverId) : eq(bookings.assignedDriverId, query.driverId));
  if (query.serviceType) conditions.push(eq(bookings.serviceType, query.serviceType));
  if (query.from) conditions.push(gte(bookings.businessDate, query.from));
  if (query.to) conditions.push(lte(bookings.businessDate, query.to));
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // A phone is matched on its digits whatever the punctuation: "(408) 555-0199", "408.555.0199", "4085550199".
    const digits = query.search.replace(/\D/g, '');
    const phoneDigits = (column: typeof users.phone | typeof bookings.guestPhone) => sql`regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g')`;
    conditions.push(
      or(
        ilike(users.fullName, like),
        ilike(users.email, like),
        ilike(bookings.guestName, like),
        ilike(bookings.guestEmail, like),
        ilike(services.name, like),
        ilike(sql`${bookings.id}::text`, like),
        ilike(bookings.addressStreet, like),
        ...(digits.length >= 3 ? [sql`${phoneDigits(users.phone)} like ${`%${digits}%`}`, sql`${phoneDigits(bookings.guestPhone)} like ${`%${digits}%`}`] : []),
      ),
    );
  }
  return and(...conditions)!;
}

/** The list's order; every order ends on the id so pages never overlap. */
export function adminBookingsOrder(sort: AdminBookingsFilter['sort'], now: Date): SQL[] {
  switch (sort) {
    case 'job_asc':
      return [asc(bookings.scheduledDate), asc(bookings.id)];
    case 'job_desc':
      return [desc(bookings.scheduledDate), desc(bookings.id)];
    case 'newest':
      return [desc(bookings.createdAt), desc(bookings.id)];
    default: {
      // Upcoming jobs soonest first, then past jobs latest first.
      const at = now.toISOString();
      return [
        sql`(${bookings.scheduledDate} < ${at}::timestamptz) asc`,
        sql`case when ${bookings.scheduledDate} >= ${at}::timestamptz then ${bookings.scheduledDate} end asc`,
        desc(bookings.scheduledDate),
        asc(bookings.id),
      ];
    }
  }
}

/** The latest updates of several bookings in one query, newest first, `perBooking` each. */
export async function updatesFor(db: DbOrTx, bookingIds: string[], perBooking = 10): Promise<Map<string, BookingUpdateView[]>> {
  const map = new Map<string, BookingUpdateView[]>();
  if (!bookingIds.length) return map;
  const rows = await db
    .select()
    .from(bookingUpdates)
    .where(inArray(bookingUpdates.bookingId, bookingIds))
    .orderBy(desc(bookingUpdates.createdAt), desc(bookingUpdates.id));
  for (const u of rows) {
    const list = map.get(u.bookingId) ?? [];
    if (list.length < perBooking) {
      list.push(toUpdateView(u));
    }
    map.set(u.bookingId, list);
  }
  return map;
}

export type BookingInsert = typeof bookings.$inferInsert;

export async function findBookingRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

export async function findService(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: services.id, name: services.name, price: services.price, serviceFee: services.serviceFee, duration: services.duration })
    .from(services)
    .where(eq(services.id, id));
  return row;
}

/** Drivers who can take work: role driver, not disabled, not deleted. */
export async function listActiveDrivers(db: DbOrTx): Promise<DriverOption[]> {
  return db
    .select({ id: users.id, fullName: users.fullName, email: users.email, phone: users.phone, status: driverStatus.status })
    .from(users)
    .leftJoin(driverStatus, eq(driverStatus.driverId, users.id))
    .where(and(eq(users.role, 'driver'), eq(users.isDisabled, false), isNull(users.deletedAt)))
    .orderBy(asc(users.fullName));
}

/** Who may take a job: an active driver, or an admin (the owner takes jobs too and works them from /driver). */
export async function findActiveDriver(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(and(eq(users.id, id), inArray(users.role, ['driver', 'admin']), eq(users.isDisabled, false), isNull(users.deletedAt)));
  return row;
}

export async function findAddress(db: DbOrTx, id: string) {
  const [row] = await db.select().from(addresses).where(eq(addresses.id, id));
  return row;
}

/** A customer's saved addresses, for the admin's edit dialog. */
export async function listAddresses(db: DbOrTx, userId: string) {
  return db
    .select({ id: addresses.id, street: addresses.street, city: addresses.city, state: addresses.state, zipCode: addresses.zipCode, isDefault: addresses.isDefault })
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), asc(addresses.createdAt));
}
