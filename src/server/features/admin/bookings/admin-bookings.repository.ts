import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AdminBookingsQuery, DriverOption } from '../../../../shared/schemas/admin';
import type { BookingUpdateView } from '../../../../shared/schemas/bookings';
import type { DbOrTx } from '../../../db/client';
import { addresses, bookings, bookingUpdates, driverStatus, services, users } from '../../../db/schema';

/** The admin list's filter: customer bookings only (blocked time lives on the schedule), by status, day range and text. */
export function adminBookingsWhere(query: Pick<AdminBookingsQuery, 'status' | 'from' | 'to' | 'search'>): SQL {
  const conditions: Array<SQL | undefined> = [eq(bookings.isBlocked, false)];
  if (query.status) conditions.push(eq(bookings.status, query.status));
  if (query.from) conditions.push(gte(bookings.businessDate, query.from));
  if (query.to) conditions.push(lte(bookings.businessDate, query.to));
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(users.fullName, like),
        ilike(users.email, like),
        ilike(bookings.guestName, like),
        ilike(bookings.guestEmail, like),
        ilike(services.name, like),
        ilike(sql`${bookings.id}::text`, like),
        ilike(bookings.addressStreet, like),
      ),
    );
  }
  return and(...conditions)!;
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
      list.push({ id: u.id, bookingId: u.bookingId, status: u.status, message: u.message, driverId: u.driverId, createdAt: u.createdAt.toISOString() });
    }
    map.set(u.bookingId, list);
  }
  return map;
}

export type BookingInsert = typeof bookings.$inferInsert;

export async function insertBooking(db: DbOrTx, values: BookingInsert): Promise<string> {
  const [row] = await db.insert(bookings).values(values).returning({ id: bookings.id });
  return row!.id;
}

export async function findBookingRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

export async function updateBooking(db: DbOrTx, id: string, values: Partial<BookingInsert>): Promise<void> {
  await db.update(bookings).set(values).where(eq(bookings.id, id));
}

export async function deleteBooking(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(bookings).where(eq(bookings.id, id)).returning({ id: bookings.id });
  return rows.length > 0;
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

export async function findActiveDriver(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'driver'), eq(users.isDisabled, false), isNull(users.deletedAt)));
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
