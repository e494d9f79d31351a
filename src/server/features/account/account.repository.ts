import { updateMessage } from '../../../shared/booking-lifecycle';
import { and, avg, count, desc, eq, gt, inArray, isNotNull, max, ne, or, sql } from 'drizzle-orm';
import type { PublicUser, UserSettings } from '../../../shared/schemas/auth';
import type { NotificationView } from '../../../shared/schemas/account';
import type { DbOrTx } from '../../db/client';
import { bookings, bookingUpdates, packagePurchases, packageUsage, packages, paymentMethods, services, users } from '../../db/schema';
import { deleteAddressesOf } from '../addresses';
import { deleteUserSessions, publicUserColumns, toPublicUser } from '../auth';
import { forgetPurchaserContact } from '../packages';
import { deletePaymentMethodsOf } from '../payment-methods';
import { notLapsedHoldSql } from '../bookings';

export async function findAccount(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ ...publicUserColumns, passwordHash: users.passwordHash, settings: users.settings, notificationsReadAt: users.notificationsReadAt, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Locks the user's row for the rest of the transaction (profile and deletion must not interleave). */
export async function lockUser(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select id from ${users} where ${users.id} = ${userId} for update`);
}

export async function emailTakenByOther(db: DbOrTx, email: string, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, email), ne(users.id, userId)));
  return Boolean(row);
}

export async function updateProfile(
  db: DbOrTx,
  userId: string,
  values: { fullName: string; email: string; phone: string; settings: Partial<UserSettings>; now: Date; verification?: { hash: string; expiry: Date } },
): Promise<PublicUser> {
  const [row] = await db
    .update(users)
    .set({
      fullName: values.fullName,
      email: values.email,
      phone: values.phone,
      settings: values.settings,
      updatedAt: values.now,
      ...(values.verification ? { emailVerified: false, verificationTokenHash: values.verification.hash, verificationExpiry: values.verification.expiry } : {}),
    })
    .where(eq(users.id, userId))
    .returning(publicUserColumns);
  return toPublicUser(row!);
}

export async function saveSettings(db: DbOrTx, userId: string, settings: Partial<UserSettings>, now: Date): Promise<void> {
  await db.update(users).set({ settings, updatedAt: now }).where(eq(users.id, userId));
}

/**
 * Erases what identifies the person and keeps the row (bookings point at it for the business's records):
 * name, e-mail (a unique placeholder), phone, password, tokens, settings, card-provider reference; their
 * addresses, saved cards and sessions go; contact copies and typed notes on their package purchases (theirs,
 * or bought under one of their e-mails) are cleared. Part of eraseCustomer (erase-customer.ts).
 */
export async function anonymiseUser(tx: DbOrTx, userId: string, options: { passwordHash: string; now: Date; emails: readonly string[] }): Promise<void> {
  const placeholder = `deleted-${userId}`;
  const { now } = options;
  await tx
    .update(users)
    .set({
      fullName: 'Deleted User',
      username: placeholder,
      email: `${placeholder}@deleted.invalid`,
      phone: null,
      passwordHash: options.passwordHash,
      stripeCustomerId: null,
      emailVerified: false,
      verificationTokenHash: null,
      verificationExpiry: null,
      resetPasswordTokenHash: null,
      resetPasswordExpiry: null,
      settings: {},
      notificationsReadAt: null,
      isDisabled: true,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  await deleteAddressesOf(tx, userId);
  await deletePaymentMethodsOf(tx, userId);
  await deleteUserSessions(tx, userId);
  await forgetPurchaserContact(tx, userId, options.emails);
}

/** The person's e-mail addresses and phone numbers: the account's, and the copies on their bookings and package purchases. */
export async function contactCopiesOf(db: DbOrTx, userId: string): Promise<{ emails: string[]; phones: string[] }> {
  const rows = [
    ...(await db.select({ email: users.email, phone: users.phone }).from(users).where(eq(users.id, userId))),
    ...(await db.selectDistinct({ email: bookings.guestEmail, phone: bookings.guestPhone }).from(bookings).where(and(eq(bookings.userId, userId), eq(bookings.isBlocked, false)))),
    ...(await db.selectDistinct({ email: packagePurchases.userEmail, phone: packagePurchases.userPhone }).from(packagePurchases).where(eq(packagePurchases.userId, userId))),
  ];
  const emails = new Set<string>();
  const phones = new Set<string>();
  for (const row of rows) {
    if (row.email) emails.add(row.email.toLowerCase());
    if (row.phone) phones.add(row.phone);
  }
  // Guest bookings made under the same e-mail carry the phone given then.
  if (emails.size) {
    const guest = await db
      .selectDistinct({ phone: bookings.guestPhone })
      .from(bookings)
      .where(and(inArray(sql`lower(${bookings.guestEmail})`, [...emails]), eq(bookings.isBlocked, false)));
    for (const row of guest) if (row.phone) phones.add(row.phone);
  }
  return { emails: [...emails], phones: [...phones] };
}

export async function savedCardsOf(db: DbOrTx, userId: string) {
  return db.select({ provider: paymentMethods.provider, providerMethodId: paymentMethods.providerMethodId }).from(paymentMethods).where(eq(paymentMethods.userId, userId));
}

/** Bookings of the user that still lie ahead and are not cancelled or finished. */
export async function upcomingBookingCount(db: DbOrTx, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, userId),
        gt(bookings.scheduledDate, now),
        sql`${bookings.status} not in ('cancelled', 'completed')`,
        // An unpaid hold that lapsed is not an upcoming booking.
        notLapsedHoldSql(now),
      ),
    );
  return row?.value ?? 0;
}

/** The person's bookings that still lie ahead and are not cancelled or finished (theirs, or made under one of their e-mails). */
export async function upcomingBookings(db: DbOrTx, person: { userId: string | null; emails: readonly string[]; clientIds?: readonly string[] }, now: Date) {
  const emails = [...new Set(person.emails.map((e) => e.toLowerCase()))];
  const rows = await db
    .select({
      id: bookings.id,
      scheduledDate: bookings.scheduledDate,
      serviceName: services.name,
      status: bookings.status,
      paymentStatus: bookings.paymentStatus,
      totalAmount: bookings.totalAmount,
    })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .where(
      and(
        or(
          person.userId ? eq(bookings.userId, person.userId) : undefined,
          emails.length ? inArray(sql`lower(${bookings.guestEmail})`, emails) : undefined,
          person.clientIds?.length ? inArray(bookings.clientId, [...person.clientIds]) : undefined,
          sql`false`,
        ),
        eq(bookings.isBlocked, false),
        gt(bookings.scheduledDate, now),
        sql`${bookings.status} not in ('cancelled', 'completed')`,
        notLapsedHoldSql(now),
      ),
    )
    .orderBy(bookings.scheduledDate)
    .limit(200);
  return rows.map((r) => ({ ...r, scheduledDate: r.scheduledDate.toISOString() }));
}

// Summary for /account

export async function bookingStats(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      total: count(),
      ratings: count(bookings.rating),
      averageRating: avg(bookings.rating),
    })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.isBlocked, false), sql`${bookings.status} <> 'cancelled'`, sql`${bookings.status} <> 'pending'`));
  return { total: row?.total ?? 0, ratings: row?.ratings ?? 0, averageRating: row?.averageRating ?? null };
}

/** Per kept booking, the price the customer paid for the service and the service's struck-through price. */
export async function struckThroughPrices(db: DbOrTx, userId: string) {
  return db
    .select({ servicePrice: bookings.servicePrice, originalPrice: services.originalPrice })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .where(
      and(
        eq(bookings.userId, userId),
        isNotNull(services.originalPrice),
        eq(bookings.paymentStatus, 'paid'),
        sql`${bookings.status} not in ('cancelled', 'pending')`,
      ),
    )
    .limit(1000);
}

/** Each package purchase of the user with how many credits were used. */
export async function packageCreditsUsed(db: DbOrTx, userId: string) {
  return db
    .select({
      purchasePrice: packagePurchases.purchasePrice,
      servicesIncluded: packagePurchases.servicesIncluded,
      originalPrice: packages.originalPrice,
      used: count(packageUsage.id),
    })
    .from(packagePurchases)
    .innerJoin(packages, eq(packages.id, packagePurchases.packageId))
    .leftJoin(packageUsage, eq(packageUsage.packagePurchaseId, packagePurchases.id))
    .where(eq(packagePurchases.userId, userId))
    .groupBy(packagePurchases.id, packages.originalPrice)
    .limit(1000);
}

// Notifications

const ownUpdates = (userId: string) => and(eq(bookings.userId, userId), eq(bookings.isBlocked, false));

export async function listNotifications(db: DbOrTx, userId: string, readAt: Date | null, page: number, pageSize: number) {
  const rows = await db
    .select({
      id: bookingUpdates.id,
      bookingId: bookingUpdates.bookingId,
      serviceName: services.name,
      serviceType: bookings.serviceType,
      status: bookingUpdates.status,
      kind: bookingUpdates.kind,
      params: bookingUpdates.params,
      note: bookingUpdates.message,
      createdAt: bookingUpdates.createdAt,
    })
    .from(bookingUpdates)
    .innerJoin(bookings, eq(bookings.id, bookingUpdates.bookingId))
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .where(ownUpdates(userId))
    .orderBy(desc(bookingUpdates.createdAt), desc(bookingUpdates.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ value: count() }).from(bookingUpdates).innerJoin(bookings, eq(bookings.id, bookingUpdates.bookingId)).where(ownUpdates(userId));
  const [unread] = await db
    .select({ value: count() })
    .from(bookingUpdates)
    .innerJoin(bookings, eq(bookings.id, bookingUpdates.bookingId))
    .where(and(ownUpdates(userId), readAt ? gt(bookingUpdates.createdAt, readAt) : undefined));
  const items: NotificationView[] = rows.map(({ note, ...row }) => ({
    ...row,
    message: updateMessage({ kind: row.kind, params: row.params, note }),
    createdAt: row.createdAt.toISOString(),
    unread: !readAt || row.createdAt > readAt,
  }));
  return { items, total: total?.value ?? 0, unreadCount: unread?.value ?? 0 };
}

/**
 * Marks everything read up to now — or up to the newest update, if the database clock is ahead of the
 * app's (updates take their time from the database).
 */
export async function markNotificationsRead(db: DbOrTx, userId: string, now: Date): Promise<void> {
  const [latest] = await db
    .select({ at: max(bookingUpdates.createdAt) })
    .from(bookingUpdates)
    .innerJoin(bookings, eq(bookings.id, bookingUpdates.bookingId))
    .where(ownUpdates(userId));
  // +1 ms: the database keeps microseconds, a JS Date only milliseconds.
  const newest = latest?.at ? new Date(new Date(latest.at).getTime() + 1) : null;
  const readAt = newest && newest > now ? newest : now;
  await db.update(users).set({ notificationsReadAt: readAt }).where(eq(users.id, userId));
}

/** Changes a person's row for the back office (names, phone, disabling); the caller checked who may. */
export async function updateUser(db: DbOrTx, id: string, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}
