import { and, asc, eq, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { addresses, bookings, guestLinkTokens, paymentMethods, services, users } from '../../db/schema';

/** The data access of booking checkout: creating held bookings, paying for them and releasing them. */

export type BookingRow = typeof bookings.$inferSelect;
export type NewBooking = typeof bookings.$inferInsert;

export async function findServiceForBooking(db: DbOrTx, serviceId: string) {
  const [row] = await db
    .select({ id: services.id, name: services.name, price: services.price, serviceFee: services.serviceFee, duration: services.duration, isActive: services.isActive, locationOptions: services.locationOptions })
    .from(services)
    .where(eq(services.id, serviceId));
  return row;
}

export async function findOwnAddress(db: DbOrTx, userId: string, addressId: string) {
  const [row] = await db
    .select({ id: addresses.id, street: addresses.street, city: addresses.city, state: addresses.state, zipCode: addresses.zipCode, latitude: addresses.latitude, longitude: addresses.longitude })
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
  return row;
}

export async function insertBooking(tx: DbOrTx, values: NewBooking): Promise<BookingRow> {
  const [row] = await tx.insert(bookings).values(values).returning();
  return row!;
}

export async function findBooking(db: DbOrTx, id: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

/** The booking row, locked until the transaction ends: payment outcomes for one booking apply one at a time. */
export async function lockBooking(tx: DbOrTx, id: string): Promise<BookingRow | undefined> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  return row;
}

export async function findBookingByIdempotencyKey(db: DbOrTx, key: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.idempotencyKey, key));
  return row;
}

export async function updateBooking(tx: DbOrTx, id: string, values: Partial<NewBooking>): Promise<void> {
  await tx.update(bookings).set(values).where(eq(bookings.id, id));
}

/** Pending bookings whose hold ran out and that nobody paid for. */
export async function expiredHoldIds(db: DbOrTx, now: Date, limit = 500): Promise<string[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.status, 'pending'), lte(bookings.holdExpiresAt, now), ne(bookings.paymentStatus, 'paid')))
    .orderBy(asc(bookings.holdExpiresAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function saveGuestLinkToken(tx: DbOrTx, bookingId: string, token: string): Promise<void> {
  await tx.insert(guestLinkTokens).values({ bookingId, token }).onConflictDoUpdate({ target: guestLinkTokens.bookingId, set: { token } });
}

export async function peekGuestLinkToken(db: DbOrTx, bookingId: string): Promise<string | undefined> {
  const [row] = await db.select({ token: guestLinkTokens.token }).from(guestLinkTokens).where(eq(guestLinkTokens.bookingId, bookingId));
  return row?.token;
}

/** Removes and returns the guest's plain token (it is needed once, for the confirmation e-mail). */
export async function takeGuestLinkToken(tx: DbOrTx, bookingId: string): Promise<string | undefined> {
  const [row] = await tx.delete(guestLinkTokens).where(eq(guestLinkTokens.bookingId, bookingId)).returning({ token: guestLinkTokens.token });
  return row?.token;
}

export async function findUserForPayment(db: DbOrTx, userId: string) {
  const [row] = await db.select({ id: users.id, email: users.email, fullName: users.fullName, stripeCustomerId: users.stripeCustomerId }).from(users).where(eq(users.id, userId));
  return row;
}

export async function setStripeCustomer(db: DbOrTx, userId: string, ref: string): Promise<void> {
  await db.update(users).set({ stripeCustomerId: ref }).where(eq(users.id, userId));
}

const cardColumns = {
  id: paymentMethods.id,
  provider: paymentMethods.provider,
  providerMethodId: paymentMethods.providerMethodId,
  brand: paymentMethods.brand,
  last4: paymentMethods.last4,
  expiryMonth: paymentMethods.expiryMonth,
  expiryYear: paymentMethods.expiryYear,
  isDefault: paymentMethods.isDefault,
};

export async function listCardsForProvider(db: DbOrTx, userId: string, provider: string) {
  return db
    .select(cardColumns)
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.provider, provider)))
    .orderBy(sql`${paymentMethods.isDefault} desc`, asc(paymentMethods.createdAt))
    .limit(20);
}

export async function findOwnCard(db: DbOrTx, userId: string, id: string) {
  const [row] = await db.select(cardColumns).from(paymentMethods).where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)));
  return row;
}

/** Same per-customer lock as the payment-methods feature, so saving and deleting cards never interleave. */
export async function lockCustomerCards(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`glint-cards:${userId}`}))`);
}

export async function listAllCards(db: DbOrTx, userId: string) {
  return db.select(cardColumns).from(paymentMethods).where(eq(paymentMethods.userId, userId));
}

export async function insertCard(tx: DbOrTx, values: typeof paymentMethods.$inferInsert): Promise<void> {
  await tx.insert(paymentMethods).values(values);
}
