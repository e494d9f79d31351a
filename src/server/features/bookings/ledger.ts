import { aliasedTable, and, asc, desc, eq, gte, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { summariseLedger, type LedgerKind, type LedgerMethod, type LedgerSummary } from '../../../shared/payment-ledger';
import { toCents } from '../../../shared/money';
import type { DbOrTx } from '../../db/client';
import { revenueCentsOfRow } from '../../db/revenue';
import { bookingPayments, users, type BookingPaymentStatus } from '../../db/schema';

/**
 * The booking's ledger, `booking_payments` (decision 049): the only code that writes its rows. The lifecycle's
 * verbs call it inside their transaction, under the booking's row lock; the booking's payment state and the
 * revenue figures are read from its settled rows (`succeeded`) through shared/payment-ledger.ts.
 */

export type LedgerEntry = typeof bookingPayments.$inferSelect;

/** One card payment of a booking, as the ledger knows it. */
export interface PaymentRef {
  intentId: string;
  provider: string;
  amountCents: number;
}

export async function findPayment(db: DbOrTx, provider: string, intentId: string): Promise<LedgerEntry | undefined> {
  const [row] = await db.select().from(bookingPayments).where(and(eq(bookingPayments.provider, provider), eq(bookingPayments.intentId, intentId)));
  return row;
}

export async function findEntryById(db: DbOrTx, id: string): Promise<LedgerEntry | undefined> {
  const [row] = await db.select().from(bookingPayments).where(eq(bookingPayments.id, id));
  return row;
}

export async function findEntryByKey(db: DbOrTx, idempotencyKey: string): Promise<LedgerEntry | undefined> {
  const [row] = await db.select().from(bookingPayments).where(eq(bookingPayments.idempotencyKey, idempotencyKey));
  return row;
}

/**
 * Writes where a card intent stands (the row is made when the intent is first seen): `open`, then
 * `succeeded` (money in) or `canceled`. What it pays for (`kind`) and how (`method`) are set with it.
 */
export async function recordIntent(
  tx: DbOrTx,
  bookingId: string,
  payment: PaymentRef & { kind?: LedgerKind; method?: LedgerMethod },
  status: Exclude<BookingPaymentStatus, 'refunded'>,
): Promise<void> {
  const described = { ...(payment.kind ? { kind: payment.kind } : {}), ...(payment.method ? { method: payment.method } : {}) };
  await tx
    .insert(bookingPayments)
    .values({ bookingId, provider: payment.provider, intentId: payment.intentId, amountCents: payment.amountCents, status, ...described })
    .onConflictDoUpdate({ target: [bookingPayments.provider, bookingPayments.intentId], set: { status, ...described, updatedAt: new Date() } });
}

/**
 * A booking paid before the ledger knew its intent (a charge row without one): the intent is written onto
 * that row, so the charge is refunded through it rather than counted twice. False when there is none.
 */
export async function attachIntentToCharge(tx: DbOrTx, bookingId: string, payment: { provider: string; intentId: string }): Promise<boolean> {
  const [charge] = await tx
    .select({ id: bookingPayments.id })
    .from(bookingPayments)
    .where(and(eq(bookingPayments.bookingId, bookingId), eq(bookingPayments.status, 'succeeded'), eq(bookingPayments.method, 'card'), isNull(bookingPayments.intentId), ne(bookingPayments.kind, 'refund')))
    .limit(1);
  if (!charge) return false;
  await tx.update(bookingPayments).set({ ...payment, updatedAt: new Date() }).where(eq(bookingPayments.id, charge.id));
  return true;
}

/** Money that moved without an intent of its own (cash in the driveway, a refund): a settled row. */
export async function insertEntry(
  tx: DbOrTx,
  entry: {
    bookingId: string;
    kind: LedgerKind;
    method: LedgerMethod;
    amountCents: number;
    provider?: string | null;
    intentId?: string | null;
    providerRef?: string | null;
    refundOf?: string | null;
    recordedBy?: string | null;
    technicianId?: string | null;
    note?: string | null;
    idempotencyKey?: string | null;
    /** When the money moved, by the app's clock (the database's own clock otherwise). */
    createdAt?: Date;
  },
): Promise<LedgerEntry> {
  const [row] = await tx.insert(bookingPayments).values({ ...entry, status: 'succeeded' }).returning();
  return row!;
}

/** The booking's settled rows, oldest first: its receipt. */
export async function settledEntries(db: DbOrTx, bookingId: string): Promise<LedgerEntry[]> {
  return db
    .select()
    .from(bookingPayments)
    .where(and(eq(bookingPayments.bookingId, bookingId), eq(bookingPayments.status, 'succeeded')))
    .orderBy(asc(bookingPayments.createdAt), asc(bookingPayments.id));
}

export async function summaryOf(db: DbOrTx, bookingId: string, priceCents: number): Promise<{ entries: LedgerEntry[]; summary: LedgerSummary }> {
  const entries = await settledEntries(db, bookingId);
  return { entries, summary: summariseLedger(entries, priceCents) };
}

/**
 * What each settled charge still has to give back (its amount less the refunds that point at it), for a
 * refund to be spread over: card charges first (the provider returns them), the newest first.
 */
export async function refundableCharges(db: DbOrTx, bookingId: string): Promise<Array<LedgerEntry & { remainingCents: number }>> {
  const entries = await settledEntries(db, bookingId);
  const refundedOf = new Map<string, number>();
  for (const e of entries) if (e.kind === 'refund' && e.refundOf) refundedOf.set(e.refundOf, (refundedOf.get(e.refundOf) ?? 0) + e.amountCents);
  return entries
    .filter((e) => e.kind !== 'refund' && e.kind !== 'credit')
    .map((e) => ({ ...e, remainingCents: e.amountCents - (refundedOf.get(e.id) ?? 0) }))
    .filter((e) => e.remainingCents > 0)
    // A tip goes back last: a refund for the work gives back the price before the technician's tip.
    .sort((a, b) => Number(a.kind === 'tip') - Number(b.kind === 'tip') || Number(Boolean(b.intentId)) - Number(Boolean(a.intentId)) || b.createdAt.getTime() - a.createdAt.getTime());
}

// Revenue: one SQL sum over the ledger, by the rule of db/revenue.ts.

const rowRevenue = revenueCentsOfRow('"booking_payments"');

/** Net revenue in cents of the ledger rows that match (bookings joined by the caller's `where` on them). */
export async function revenueCents(db: DbOrTx, where?: SQL): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${rowRevenue}), 0)` })
    .from(bookingPayments)
    .where(where);
  return Number(row?.cents ?? 0);
}

/** Net revenue per booking for a batch of bookings (the CSV's and the customer list's figure). */
export async function revenueByBooking(db: DbOrTx, bookingIds: readonly string[]): Promise<Map<string, number>> {
  if (!bookingIds.length) return new Map();
  const rows = await db
    .select({ bookingId: bookingPayments.bookingId, cents: sql<string>`coalesce(sum(${rowRevenue}), 0)` })
    .from(bookingPayments)
    .where(inArray(bookingPayments.bookingId, [...bookingIds]))
    .groupBy(bookingPayments.bookingId);
  return new Map(rows.map((r) => [r.bookingId, Number(r.cents)]));
}

// Tips (decision 058): the technician's money, by technician over a span of time.

const tipRefunds = aliasedTable(bookingPayments, 'tip_refunds');

/**
 * Tips given in [from, to) by technician (null: a booking nobody was assigned to), net of what was given
 * back of them, the largest first.
 */
export async function tipsByTechnician(db: DbOrTx, from: Date, to: Date): Promise<Array<{ technicianId: string | null; name: string | null; tipsCents: number; count: number }>> {
  const refunded = db
    .select({ refundOf: tipRefunds.refundOf, cents: sql<string>`sum(${tipRefunds.amountCents})`.as('cents') })
    .from(tipRefunds)
    .where(and(eq(tipRefunds.kind, 'refund'), eq(tipRefunds.status, 'succeeded')))
    .groupBy(tipRefunds.refundOf)
    .as('refunded');
  const net = sql<string>`sum(${bookingPayments.amountCents} - coalesce(${refunded.cents}, 0))`;
  const rows = await db
    .select({ technicianId: bookingPayments.technicianId, name: users.fullName, cents: net, count: sql<number>`count(*)::int` })
    .from(bookingPayments)
    .leftJoin(refunded, eq(refunded.refundOf, bookingPayments.id))
    .leftJoin(users, eq(users.id, bookingPayments.technicianId))
    .where(and(eq(bookingPayments.kind, 'tip'), eq(bookingPayments.status, 'succeeded'), gte(bookingPayments.createdAt, from), lt(bookingPayments.createdAt, to)))
    .groupBy(bookingPayments.technicianId, users.fullName)
    .orderBy(desc(net), asc(users.fullName));
  return rows.map((r) => ({ technicianId: r.technicianId, name: r.name, tipsCents: Number(r.cents), count: Number(r.count) }));
}

// Read models

export function toEntryView(e: LedgerEntry) {
  return { id: e.id, kind: e.kind, method: e.method, amountCents: e.amountCents, createdAt: e.createdAt.toISOString(), note: e.note, recordedBy: e.recordedBy, technicianId: e.technicianId };
}

/** A booking's ledger as the API shows it: its settled rows, oldest first, and their summary against its price. */
export async function ledgerView(db: DbOrTx, booking: { id: string; totalAmount: string }) {
  const priceCents = toCents(booking.totalAmount);
  const { entries, summary } = await summaryOf(db, booking.id, priceCents);
  const { revenueCents: _revenue, ...shown } = summary;
  return { bookingId: booking.id, entries: entries.map(toEntryView), summary: { ...shown, priceCents } };
}
