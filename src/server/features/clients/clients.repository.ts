import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ClientAddress, ClientBooking, ClientSource, ClientSummary, ClientVehicle } from '../../../shared/schemas/clients';
import type { DbOrTx } from '../../db/client';
import type { SizeClass } from '../../../shared/domain';
import { revenueCentsOfRow } from '../../db/revenue';
import { addresses, bookingLines, bookings, clients, packagePurchases, services, users, vehicles } from '../../db/schema';

/** The only code that writes `clients`; reads of bookings, accounts and packages make the record's read model. */

export type ClientRow = typeof clients.$inferSelect;

/** The last ten digits of a phone (what '+14085550100' and '(408) 555-0100' share), or null for fewer than seven. */
export function phoneDigitsOf(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 7 ? digits.slice(-10) : null;
}

const live = isNull(clients.mergedInto);

/**
 * Serialises the creation of a client for one e-mail or phone across connections (released at commit): the
 * keys in sorted order, in one statement (its select list is taken left to right), one round trip.
 */
export async function lockContactKeys(tx: DbOrTx, keys: readonly string[]): Promise<void> {
  if (!keys.length) return;
  await tx.execute(sql`select ${sql.join(contactLockKeys(keys).map((key) => sql`pg_advisory_xact_lock(hashtext(${key}))`), sql`, `)}`);
}

/** The advisory lock keys of a contact's keys, in the one order every caller takes them. */
const contactLockKeys = (keys: readonly string[]) => [...keys].sort().map((key) => `client:${key}`);

/**
 * `lockContactKeys`, then the live client of the e-mail, in one call (migration 0038, decision 077): the read
 * is a statement of its own after the locks, so it sees a client committed while this one waited.
 */
export async function lockedLiveClientByEmail(tx: DbOrTx, keys: readonly string[], email: string): Promise<{ id: string; userId: string | null } | undefined> {
  const result = await tx.execute(sql`select id, user_id from glint_lock_contact_live_client(${sql.param(contactLockKeys(keys))}::text[], ${email})`);
  const [row] = (result as unknown as { rows?: { id: string; user_id: string | null }[] }).rows ?? (result as unknown as { id: string; user_id: string | null }[]);
  return row && { id: row.id, userId: row.user_id };
}

export async function clientIdOfAccount(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.userId, userId));
  return row?.id;
}

export async function liveClientByEmail(db: DbOrTx, email: string): Promise<{ id: string; userId: string | null } | undefined> {
  const [row] = await db.select({ id: clients.id, userId: clients.userId }).from(clients).where(and(eq(clients.email, email), live));
  return row;
}

/** The oldest live client with this phone; with `withoutEmail`, only one that has no e-mail (so two people sharing a phone stay two). */
export async function liveClientByPhone(db: DbOrTx, digits: string, options: { withoutEmail: boolean }): Promise<string | undefined> {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.phoneDigits, digits), live, options.withoutEmail ? isNull(clients.email) : undefined))
    .orderBy(clients.createdAt, clients.id)
    .limit(1);
  return row?.id;
}

export interface NewClient {
  name: string | null;
  email: string | null;
  phone: string | null;
  userId?: string | null;
}

/**
 * A new client. Two bookings for one new e-mail racing each other meet on the live-email unique index: the
 * second waits for the first and answers its client.
 */
export async function insertClient(db: DbOrTx, client: NewClient): Promise<string> {
  const values = { name: client.name, email: client.email, phone: client.phone, phoneDigits: phoneDigitsOf(client.phone), userId: client.userId ?? null };
  const inserted = client.email
    ? await db
        .insert(clients)
        .values(values)
        .onConflictDoUpdate({ target: clients.email, targetWhere: sql`${clients.mergedInto} is null`, set: { updatedAt: sql`${clients.updatedAt}` } })
        .returning({ id: clients.id })
    : await db.insert(clients).values(values).returning({ id: clients.id });
  return inserted[0]!.id;
}

/** A guest client becomes an account's (the guest signed up with the e-mail they booked under). */
export async function linkAccount(db: DbOrTx, clientId: string, userId: string, now: Date): Promise<void> {
  await db.update(clients).set({ userId, updatedAt: now }).where(eq(clients.id, clientId));
}

/** Fills in what a client's record lacks (an e-mail or phone seen on a later booking); never overwrites. */
export async function fillContact(db: DbOrTx, clientId: string, contact: { name: string | null; email: string | null; phone: string | null }, now: Date): Promise<void> {
  await db
    .update(clients)
    .set({
      name: sql`coalesce(${clients.name}, ${contact.name})`,
      email: sql`coalesce(${clients.email}, ${contact.email})`,
      phone: sql`coalesce(${clients.phone}, ${contact.phone})`,
      phoneDigits: sql`coalesce(${clients.phoneDigits}, ${phoneDigitsOf(contact.phone)})`,
      updatedAt: now,
    })
    .where(eq(clients.id, clientId));
}

export async function lockClients(tx: DbOrTx, ids: string[]): Promise<ClientRow[]> {
  return tx.select().from(clients).where(inArray(clients.id, ids)).orderBy(clients.id).for('update');
}

export async function findClient(db: DbOrTx, id: string): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(clients).where(eq(clients.id, id));
  return row;
}

export async function updateClient(db: DbOrTx, id: string, values: Partial<Pick<ClientRow, 'name' | 'email' | 'phone' | 'notes' | 'tags' | 'marketingConsent'>>, now: Date): Promise<void> {
  const phone = 'phone' in values ? { phoneDigits: phoneDigitsOf(values.phone) } : {};
  await db.update(clients).set({ ...values, ...phone, updatedAt: now }).where(eq(clients.id, id));
}

export async function emailTakenByOtherClient(db: DbOrTx, email: string, id: string): Promise<boolean> {
  const [row] = await db.select({ id: clients.id }).from(clients).where(and(eq(clients.email, email), live, sql`${clients.id} <> ${id}`));
  return Boolean(row);
}

/** `from` disappears into `into`: marked merged, its account and earlier merges follow; `into` gets the rest. */
export async function mergeRows(tx: DbOrTx, from: ClientRow, into: ClientRow, now: Date): Promise<void> {
  // Unique columns first leave the merged row: the account link, then (by merged_into) the live e-mail.
  await tx.update(clients).set({ mergedInto: into.id, userId: null, updatedAt: now }).where(eq(clients.id, from.id));
  await tx.update(clients).set({ mergedInto: into.id, updatedAt: now }).where(eq(clients.mergedInto, from.id));
  const notes = [into.notes.trim(), from.notes.trim()].filter(Boolean).join('\n\n');
  const phone = into.phone ?? from.phone;
  await tx
    .update(clients)
    .set({
      name: into.name ?? from.name,
      email: into.email ?? from.email,
      phone,
      phoneDigits: phoneDigitsOf(phone),
      userId: into.userId ?? from.userId,
      notes,
      tags: [...new Set([...into.tags, ...from.tags])],
      // Consent is never assumed: the merged record consents only if both did.
      marketingConsent: into.marketingConsent && from.marketingConsent,
      updatedAt: now,
    })
    .where(eq(clients.id, into.id));
}

/** A client and every client merged into it: the people an erasure must forget. */
export async function clientFamily(db: DbOrTx, ids: string[]): Promise<ClientRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(clients)
    .where(or(inArray(clients.id, ids), inArray(clients.mergedInto, ids)));
}

export async function deleteClients(tx: DbOrTx, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await tx.delete(clients).where(or(inArray(clients.mergedInto, ids), inArray(clients.id, ids)));
}

// The read model

const SOURCE_OF_BOOKING: Record<string, ClientSource> = { web: 'guest', test: 'guest', admin: 'phone', store: 'store' };

const summaryColumns = {
  id: clients.id,
  name: sql<string | null>`coalesce(${users.fullName}, ${clients.name})`,
  email: sql<string | null>`coalesce(${users.email}, ${clients.email})`,
  phone: sql<string | null>`coalesce(${users.phone}, ${clients.phone})`,
  userId: clients.userId,
  emailVerified: users.emailVerified,
  tags: clients.tags,
  createdAt: clients.createdAt,
  firstSource: sql<string | null>`(select b.source from ${bookings} b where b.client_id = ${clients.id} order by b.created_at, b.id limit 1)`,
  totalBookings: sql<number>`(select count(*)::int from ${bookings} b where b.client_id = ${clients.id})`,
  // Money the client's bookings brought in, net of refunds, from the ledger (decision 049).
  lifetimeSpend: sql<string>`(select (coalesce(sum(${revenueCentsOfRow('p')}), 0) / 100.0)::numeric(10,2)::text from booking_payments p join ${bookings} b on b.id = p.booking_id where b.client_id = ${clients.id})`,
  lastVisit: sql<Date | string | null>`(select max(b.scheduled_date) from ${bookings} b where b.client_id = ${clients.id} and b.status = 'completed')`,
};

interface SummaryRow {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  userId: string | null;
  emailVerified: boolean | null;
  tags: string[];
  createdAt: Date;
  firstSource: string | null;
  totalBookings: number;
  lifetimeSpend: string;
  lastVisit: Date | string | null;
}

function toSummary(row: SummaryRow): ClientSummary {
  const lastVisit = row.lastVisit ? new Date(row.lastVisit).toISOString() : null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    userId: row.userId,
    emailVerified: row.userId ? (row.emailVerified ?? false) : null,
    tags: row.tags,
    source: row.userId ? 'account' : (SOURCE_OF_BOOKING[row.firstSource ?? 'web'] ?? 'guest'),
    totalBookings: row.totalBookings,
    lifetimeSpend: row.lifetimeSpend ?? '0.00',
    lastVisit,
    createdAt: row.createdAt.toISOString(),
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Name and e-mail (the client's and the account's), phone digits, and the vehicle text of any booking. */
function searchCondition(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const like = `%${escapeLike(q.toLowerCase())}%`;
  const digits = q.replace(/\D/g, '');
  return or(
    sql`lower(coalesce(${clients.name}, '')) like ${like}`,
    sql`lower(coalesce(${clients.email}, '')) like ${like}`,
    sql`lower(coalesce(${users.fullName}, '')) like ${like}`,
    sql`lower(coalesce(${users.email}, '')) like ${like}`,
    digits.length >= 3 ? sql`coalesce(${clients.phoneDigits}, '') like ${`%${digits}%`}` : undefined,
    digits.length >= 3 ? sql`regexp_replace(coalesce(${users.phone}, ''), '\\D', '', 'g') like ${`%${digits}%`}` : undefined,
    sql`exists (select 1 from ${bookings} b where b.client_id = ${clients.id} and lower(coalesce(b.vehicle, '')) like ${like})`,
  );
}

/** Live clients (not merged, not an erased account), newest first. */
export async function listClients(db: DbOrTx, options: { q?: string; page: number; pageSize: number }) {
  const where = and(live, sql`(${users.id} is null or ${users.deletedAt} is null)`, searchCondition(options.q));
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(clients)
      .leftJoin(users, eq(users.id, clients.userId))
      .where(where)
      .orderBy(sql`${clients.createdAt} desc`, sql`${clients.id} desc`)
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ value: sql<number>`count(*)::int` }).from(clients).leftJoin(users, eq(users.id, clients.userId)).where(where),
  ]);
  return { items: rows.map(toSummary), page: options.page, pageSize: options.pageSize, total: total?.value ?? 0 };
}

export async function clientSummary(db: DbOrTx, id: string): Promise<ClientSummary | undefined> {
  const [row] = await db.select(summaryColumns).from(clients).leftJoin(users, eq(users.id, clients.userId)).where(eq(clients.id, id));
  return row ? toSummary(row) : undefined;
}

export async function mergedCount(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db.select({ value: sql<number>`count(*)::int` }).from(clients).where(eq(clients.mergedInto, id));
  return row?.value ?? 0;
}

const VEHICLES_SHOWN = 20;
const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/**
 * The client's vehicles: those kept on the account (with plate and size; last seen on a booking's lines), then the
 * vehicles named on the client's bookings' lines and, for bookings older than lines, in their vehicle text — newest
 * first, each once (by how it reads).
 */
export async function vehiclesOf(db: DbOrTx, clientId: string, userId: string | null): Promise<ClientVehicle[]> {
  const [saved, onLines, inText] = await Promise.all([
    userId
      ? db
          .select({
            year: vehicles.year,
            make: vehicles.make,
            model: vehicles.model,
            colour: vehicles.colour,
            plate: vehicles.plate,
            sizeClass: vehicles.sizeClass,
            lastSeen: sql<Date | string | null>`max(${bookings.scheduledDate})`,
          })
          .from(vehicles)
          .leftJoin(bookingLines, eq(bookingLines.vehicleId, vehicles.id))
          .leftJoin(bookings, eq(bookings.id, bookingLines.bookingId))
          .where(eq(vehicles.userId, userId))
          .groupBy(vehicles.id)
          .orderBy(desc(vehicles.createdAt))
          .limit(VEHICLES_SHOWN)
      : Promise.resolve([]),
    db
      .select({ description: sql<string>`trim(${bookingLines.vehicleLabel})`, sizeClass: sql<SizeClass | null>`max(${bookingLines.sizeClass})`, lastSeen: sql<Date | string>`max(${bookings.scheduledDate})` })
      .from(bookingLines)
      .innerJoin(bookings, eq(bookings.id, bookingLines.bookingId))
      .where(and(eq(bookings.clientId, clientId), sql`coalesce(trim(${bookingLines.vehicleLabel}), '') <> ''`))
      .groupBy(sql`trim(${bookingLines.vehicleLabel})`)
      .orderBy(sql`max(${bookings.scheduledDate}) desc`)
      .limit(VEHICLES_SHOWN),
    db
      .select({ description: sql<string>`trim(${bookings.vehicle})`, lastSeen: sql<Date | string>`max(${bookings.scheduledDate})` })
      .from(bookings)
      .where(and(eq(bookings.clientId, clientId), sql`coalesce(trim(${bookings.vehicle}), '') <> ''`))
      .groupBy(sql`trim(${bookings.vehicle})`)
      .orderBy(sql`max(${bookings.scheduledDate}) desc`)
      .limit(VEHICLES_SHOWN),
  ]);
  const seen = new Set<string>();
  const once = (v: ClientVehicle) => {
    const key = v.description.toLowerCase();
    if (seen.has(key)) return [];
    seen.add(key);
    return [v];
  };
  const kept = saved.flatMap((v) =>
    once({ description: `${[v.year, v.make, v.model].filter(Boolean).join(' ')}${v.colour ? `, ${v.colour}` : ''}`, plate: v.plate, lastSeen: iso(v.lastSeen), sizeClass: v.sizeClass, saved: true }),
  );
  const booked = [...onLines.map((v) => ({ ...v, lastSeen: iso(v.lastSeen) })), ...inText.map((v) => ({ ...v, sizeClass: null, lastSeen: iso(v.lastSeen) }))]
    .sort((a, b) => (b.lastSeen ?? '').localeCompare(a.lastSeen ?? ''))
    .flatMap((v) => once({ description: v.description, plate: null, lastSeen: v.lastSeen, sizeClass: v.sizeClass, saved: false }));
  return [...kept, ...booked].slice(0, VEHICLES_SHOWN);
}

/** The distinct places the client's bookings happened, then the account's saved addresses not among them. */
export async function addressesOf(db: DbOrTx, clientId: string, userId: string | null): Promise<ClientAddress[]> {
  const booked = await db
    .selectDistinct({ street: bookings.addressStreet, city: bookings.addressCity, state: bookings.addressState, zipCode: bookings.addressZip })
    .from(bookings)
    .where(and(eq(bookings.clientId, clientId), sql`coalesce(${bookings.addressStreet}, ${bookings.addressCity}) is not null`))
    .limit(50);
  const saved = userId
    ? await db.select({ street: addresses.street, city: addresses.city, state: addresses.state, zipCode: addresses.zipCode }).from(addresses).where(eq(addresses.userId, userId))
    : [];
  const key = (a: { street: string | null; city: string | null; zipCode: string | null }) => `${a.street ?? ''}|${a.city ?? ''}|${a.zipCode ?? ''}`.toLowerCase();
  const savedKeys = new Set(saved.map(key));
  return [...saved.map((a) => ({ ...a, saved: true })), ...booked.filter((a) => !savedKeys.has(key(a))).map((a) => ({ ...a, saved: false }))];
}

/** An account's package purchases that still hold credits. */
export async function packageCreditsOf(db: DbOrTx, userId: string) {
  const rows = await db
    .select({
      id: packagePurchases.id,
      packageName: packagePurchases.packageName,
      serviceName: packagePurchases.serviceName,
      servicesRemaining: packagePurchases.servicesRemaining,
      expiresAt: packagePurchases.expiresAt,
    })
    .from(packagePurchases)
    .where(and(eq(packagePurchases.userId, userId), eq(packagePurchases.status, 'active'), sql`${packagePurchases.servicesRemaining} > 0`))
    .orderBy(packagePurchases.createdAt);
  return rows.map((r) => ({ ...r, expiresAt: r.expiresAt?.toISOString() ?? null }));
}

export async function bookingsOf(db: DbOrTx, clientId: string, page: number, pageSize: number) {
  const where = eq(bookings.clientId, clientId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: bookings.id,
        scheduledDate: bookings.scheduledDate,
        serviceName: services.name,
        status: bookings.status,
        paymentStatus: bookings.paymentStatus,
        totalAmount: bookings.totalAmount,
        source: bookings.source,
        vehicle: bookings.vehicle,
      })
      .from(bookings)
      .innerJoin(services, eq(services.id, bookings.serviceId))
      .where(where)
      .orderBy(sql`${bookings.scheduledDate} desc`, bookings.id)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: sql<number>`count(*)::int` }).from(bookings).where(where),
  ]);
  const items: ClientBooking[] = rows.map((r) => ({ ...r, scheduledDate: r.scheduledDate.toISOString() }));
  return { items, page, pageSize, total: total?.value ?? 0 };
}

/** The e-mails and phones a client family was ever known by: its rows and the copies on its bookings. */
export async function contactOfClients(db: DbOrTx, ids: string[]): Promise<{ emails: string[]; phones: string[] }> {
  if (!ids.length) return { emails: [], phones: [] };
  const rows = [
    ...(await db.select({ email: clients.email, phone: clients.phone }).from(clients).where(inArray(clients.id, ids))),
    ...(await db.selectDistinct({ email: bookings.guestEmail, phone: bookings.guestPhone }).from(bookings).where(inArray(bookings.clientId, ids))),
  ];
  const emails = new Set<string>();
  const phones = new Set<string>();
  for (const row of rows) {
    if (row.email) emails.add(row.email.toLowerCase());
    if (row.phone) phones.add(row.phone);
  }
  return { emails: [...emails], phones: [...phones] };
}
