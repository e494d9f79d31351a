import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';

/**
 * One owner per table, so the rules of a table's rows live in one place: for every table of the schema, the
 * code allowed to insert, update or delete its rows (a path under src/server, a folder ending in `/` or one
 * file). Everyone else reads, or calls the owner's verbs inside their own transaction. Locking a row (`select … for update`) is allowed
 * inside the owner's feature folder only.
 */
const OWNERS: Record<string, string[]> = {
  // The booking life cycle (decision 010): one file moves a booking, its updates and its guest links.
  bookings: ['features/bookings/lifecycle.ts'],
  // A booking's lines (decision 043): written by the bookings feature where the booking is priced.
  bookingLines: ['features/bookings/'],
  bookingUpdates: ['features/bookings/lifecycle.ts'],
  guestLinkTokens: ['features/bookings/lifecycle.ts'],
  // A booking's changes as events (decision 035): written with the change by the lifecycle; their delivery
  // rows (the fan-out and the delivered marks) by the event delivery, which the lifecycle calls.
  bookingEvents: ['features/bookings/lifecycle.ts'],
  bookingEventDeliveries: ['events/booking-events.ts'],
  // The payment ledger of a booking (decisions 029, 049): one file writes its rows, for the lifecycle's verbs.
  bookingPayments: ['features/bookings/ledger.ts'],
  // Promo codes and the bookings that used them (issue 25).
  promoCodes: ['features/promos/'],
  promoRedemptions: ['features/promos/'],
  processedWebhookEvents: ['features/payments/'],
  testPaymentIntents: ['integrations/payments/test-provider.ts'],
  // Who a person is (auth) and what they keep about themselves (account).
  users: ['features/auth/', 'features/account/'],
  // Every person who books, one record each (decision 039).
  clients: ['features/clients/'],
  sessions: ['features/auth/'],
  guestClaims: ['features/auth/'],
  addresses: ['features/addresses/'],
  vehicles: ['features/vehicles/'],
  paymentMethods: ['features/payment-methods/'],
  services: ['features/services/'],
  uploads: ['features/services/'],
  addOns: ['features/services/'],
  serviceAddOns: ['features/services/'],
  businessHours: ['features/admin/schedule/'],
  businessAvailability: ['features/admin/schedule/'],
  businessClosures: ['features/admin/schedule/'],
  driverStatus: ['features/drivers/'],
  driverLocations: ['features/drivers/'],
  driverLocationHistory: ['features/drivers/'],
  // Chain of custody for pickup jobs (decision 048).
  inspections: ['features/inspections/'],
  inspectionPhotos: ['features/inspections/'],
  inspectionConcerns: ['features/inspections/'],
  // Technicians and their time (decision 051); drive times cached by the travel feature; the business's settings.
  technicianProfiles: ['features/technicians/'],
  technicianHours: ['features/technicians/'],
  technicianExceptions: ['features/technicians/'],
  technicianServices: ['features/technicians/'],
  travelTimes: ['features/travel/'],
  businessSettings: ['features/settings/'],
  packages: ['features/packages/'],
  packagePurchases: ['features/packages/'],
  packageUsage: ['features/packages/'],
  packageCreditLedger: ['features/packages/'],
  membershipPlans: ['features/memberships/'],
  memberships: ['features/memberships/'],
  membershipPeriods: ['features/memberships/'],
  standingAppointments: ['features/memberships/'],
  standingOccurrences: ['features/memberships/'],
  analyticsEvents: ['features/analytics/'],
  analyticsSessions: ['features/analytics/'],
  analyticsFunnelDays: ['features/analytics/'],
  offers: ['features/offers/'],
  calendarFeeds: ['features/calendar/'],
  emailOutbox: ['integrations/mail/'],
  // Customers' messages (decision 050): the schedule, the consent and the texts kept.
  messageOutbox: ['features/messages/'],
  weatherOffers: ['features/messages/'],
  smsConsent: ['features/messages/'],
  // The short links in texts (decision 070).
  shortLinks: ['features/messages/'],
  smsOutbox: ['integrations/sms/'],
  // Outbound webhooks (decision 052): endpoints, their messages and every attempt.
  webhookEndpoints: ['features/webhooks/'],
  webhookMessages: ['features/webhooks/'],
  webhookAttempts: ['features/webhooks/'],
  signingSecrets: ['crypto/signed-links.ts'],
  idempotentRequests: ['http/idempotency.ts'],
  // Every fixed-window counter (sign-in and the rate limits) lives in one table behind one counter.
  signInAttempts: ['http/attempt-counter.ts'],
  // The store mirror: our copy of the online store, and what the business did with its orders (decision 037).
  shopifyCustomers: ['features/store-mirror/'],
  shopifyCustomerMappings: ['features/store-mirror/'],
  shopifyProducts: ['features/store-mirror/'],
  shopifyProductMappings: ['features/store-mirror/'],
  shopifyOrders: ['features/store-mirror/'],
  shopifyWebhookEvents: ['features/store-mirror/'],
  shopifySyncStatus: ['features/store-mirror/'],
  storeSettings: ['features/store-mirror/'],
};

/**
 * Writers outside the owner, each with why. None remain: the last ones (orders to bookings, registration and
 * the store integration writing the mirror's tables) call the mirror's verbs (docs/decisions/037-store-vocabulary.md).
 * An entry that no longer writes the table fails the test, so the list only shrinks.
 */
const EXCEPTIONS: Record<string, Record<string, string>> = {};

/** The seed fills an empty database with the demo business before any feature runs; it writes rows as a fresh install has them. */
const SEED = 'db/seed.ts';

interface TableName {
  name: string;
  sqlName: string;
}

const TABLES: TableName[] = Object.entries(schema)
  .filter(([, value]) => is(value, PgTable))
  .map(([name, value]) => ({ name, sqlName: getTableName(value as PgTable) }));

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What a source file does to each table: `writes` (insert, update, delete, in Drizzle or raw SQL) or `locks`. */
export function tableWrites(source: string, tables: TableName[] = TABLES): { table: string; what: 'writes' | 'locks' }[] {
  const found: { table: string; what: 'writes' | 'locks' }[] = [];
  // Raw SQL: the text of every sql`…` template, where a table is named or interpolated (${bookings}).
  const rawSql = [...source.matchAll(/sql(?:\.raw\()?`([^`]*)`/g)].map((m) => m[1]!).join('\n');
  for (const { name, sqlName } of tables) {
    const ref = String.raw`(?:schema\.)?${escape(name)}`;
    const drizzleWrite = new RegExp(String.raw`\.(insert|update|delete)\(\s*${ref}\s*\)`).test(source);
    const rawWrite = new RegExp(String.raw`\b(insert\s+into|update|delete\s+from)\s+(?:"?${escape(sqlName)}"?\b|\$\{\s*${ref}\s*\})`, 'i').test(rawSql);
    if (drizzleWrite || rawWrite) found.push({ table: name, what: 'writes' });
    // A locking read: a statement that selects from the table and ends in .for('update').
    const locks = source
      .split(';')
      .some((statement) => new RegExp(String.raw`\.from\(\s*${ref}\s*\)`).test(statement) && /\.for\(\s*['"](update|no key update)['"]/.test(statement));
    if (locks) found.push({ table: name, what: 'locks' });
  }
  return found;
}

/** Factories and stand-ins that seed rows directly for tests. */
const isTestSupport = (path: string) => path.startsWith('test/') || /(^|\/)(test-support|[\w-]*fixtures|[\w-]*stand-in|test-socket)\.ts$/.test(path);

const SERVER = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !/\.test\.ts$/.test(path) ? [path] : [];
  });
}

/** The feature folder of a path (`features/admin/schedule/x.ts` → `features/admin/`), or its top folder. */
const featureOf = (path: string) => {
  const parts = path.split('/');
  return parts[0] === 'features' ? `features/${parts[1]}/` : `${parts[0]}/`;
};

const ownedBy = (path: string, owners: string[]) => owners.some((owner) => (owner.endsWith('/') ? path.startsWith(owner) : path === owner));

describe('every table has one owner', () => {
  const files = sourceFiles(SERVER)
    .map((path) => relative(SERVER, path).split('\\').join('/'))
    .filter((path) => path !== SEED && !isTestSupport(path))
    .map((path) => ({ path, uses: tableWrites(readFileSync(join(SERVER, path), 'utf8')) }));

  it('names an owner for every table of the schema, and only tables of the schema', () => {
    expect(TABLES.length).toBeGreaterThan(30);
    expect(Object.keys(OWNERS).sort()).toEqual(TABLES.map((t) => t.name).sort());
  });

  it('no server code but the owner (or a listed exception) inserts, updates or deletes a table', () => {
    const offenders = files.flatMap(({ path, uses }) =>
      uses
        .filter(({ table, what }) => what === 'writes' && !ownedBy(path, OWNERS[table] ?? []) && !EXCEPTIONS[table]?.[path])
        .map(({ table }) => `${path} writes ${table}`),
    );
    expect(offenders).toEqual([]);
  });

  it('no server code outside the owning feature locks a row of the table', () => {
    const offenders = files.flatMap(({ path, uses }) =>
      uses
        .filter(({ table, what }) => what === 'locks' && !(OWNERS[table] ?? []).some((owner) => path.startsWith(featureOf(owner))) && !EXCEPTIONS[table]?.[path])
        .map(({ table }) => `${path} locks ${table}`),
    );
    expect(offenders).toEqual([]);
  });

  it('lists as exceptions only writers that still write', () => {
    const stale = Object.entries(EXCEPTIONS).flatMap(([table, paths]) =>
      Object.keys(paths).filter((path) => !files.some((file) => file.path === path && file.uses.some((use) => use.table === table))).map((path) => `${path} ${table}`),
    );
    expect(stale).toEqual([]);
  });

  it('catches Drizzle and raw SQL writes and locks, and lets plain reads through', () => {
    const tables = [
      { name: 'bookings', sqlName: 'bookings' },
      { name: 'guestLinkTokens', sqlName: 'guest_link_tokens' },
      { name: 'bookingUpdates', sqlName: 'booking_updates' },
      { name: 'users', sqlName: 'users' },
    ];
    const writes = (source: string) => tableWrites(source, tables).map(({ table, what }) => `${what} ${table}`);
    expect(writes('await tx.update(bookings).set({ trackingTokenHash: hash }).where(eq(bookings.id, id));')).toEqual(['writes bookings']);
    expect(writes('const [row] = await db.insert(bookings).values(values).returning({ id: bookings.id });')).toEqual(['writes bookings']);
    expect(writes('await db.delete(guestLinkTokens).where(eq(guestLinkTokens.bookingId, id));')).toEqual(['writes guestLinkTokens']);
    expect(writes('await db.insert(schema.bookingUpdates).values({ bookingId, status });')).toEqual(['writes bookingUpdates']);
    expect(writes("const [row] = await tx\n  .select({ id: bookings.id })\n  .from(bookings)\n  .where(eq(bookings.id, bookingId))\n  .for('update')\n  .limit(1);")).toEqual(['locks bookings']);
    expect(writes("await tx.execute(sql`update bookings set status = 'cancelled'`);")).toEqual(['writes bookings']);
    expect(writes('await tx.execute(sql`DELETE FROM "guest_link_tokens" WHERE booking_id = ${id}`);')).toEqual(['writes guestLinkTokens']);
    expect(writes('await tx.execute(sql`insert into ${bookingUpdates} (booking_id) values (${id})`);')).toEqual(['writes bookingUpdates']);
    // Reads, and words in comments or strings outside SQL, are fine.
    expect(writes("const rows = await db.select().from(bookings).where(eq(bookings.userId, id));\n// update bookings when paid\nconst label = 'delete from users';")).toEqual([]);
  });
});
