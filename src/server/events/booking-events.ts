import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { UpdateKind, UpdateParams } from '../../shared/booking-lifecycle';
import type { AppContext } from '../context';
import type { Database, DbOrTx } from '../db/client';
import { bookingEventDeliveries, bookingEvents } from '../db/schema';
import { describeError } from '../errors';
import type { JobDefinition } from '../jobs/boss';

/**
 * A booking's changes, delivered to whoever subscribes (docs/decisions/035-booking-events.md).
 *
 * The bookings lifecycle writes one `booking_events` row per change in the changing transaction, and hands
 * the new events to `queueDeliveries`, which writes one delivery row per subscriber that wants the event
 * (the fan-out), in the same transaction. After commit the service that made the change calls
 * `deliverAfterCommit`; the job DELIVER_JOB sweeps every minute for anything left (a crash between commit and
 * delivery, a retry whose wait is over).
 *
 * Guarantees: at least once, in order per booking and subscriber (an event waits while an earlier one of its
 * booking is undelivered for that subscriber), each delivery in its own transaction that also marks it
 * delivered, so a handler that writes through `ctx.db` (and mails through `ctx.mailer`, whose outbox row is
 * written in it) commits its work and the mark together, or neither. A failure is logged, counted and
 * retried with backoff, and holds back only that subscriber's later events of that booking.
 */

/** Changes recorded without a booking update (the lifecycle's other writes), beside the update kinds. */
export type BookingEventKind = UpdateKind | 'held' | 'blocked' | 'removed' | 'payment_opened' | 'tracking_link_issued' | 'linked_to_account' | 'forgotten';

/** Ids and small facts only: never a plain token, card data or free text. */
export type BookingEventPayload = Record<string, string | number | boolean | null>;

export interface BookingEvent {
  id: string;
  seq: number;
  bookingId: string;
  kind: BookingEventKind;
  payload: BookingEventPayload;
  createdAt: Date;
}

export interface BookingEventSubscriber {
  /** Stable: delivery rows are kept under it. */
  name: string;
  /** The kinds it hears; `wants` narrows them by the payload (decided when the event is written). */
  kinds: readonly BookingEventKind[];
  wants?: (event: Pick<BookingEvent, 'kind' | 'payload'>) => boolean;
  /**
   * Runs once per event, at least once: `ctx.db` is the delivery's transaction and `ctx.mailer` records in it,
   * so what the handler writes commits with the delivered mark. Throwing rolls it all back for a retry.
   */
  handle: (ctx: AppContext, event: BookingEvent) => Promise<void>;
}

const subscribers = new Map<string, BookingEventSubscriber>();

/** Adds a subscriber (from a feature's face, when it is loaded); the same name again replaces it. */
export function subscribe(subscriber: BookingEventSubscriber): void {
  subscribers.set(subscriber.name, subscriber);
}

/**
 * The change as the writer holds it in memory, beside its event: what the booking update says (its message
 * is free text) and who drives. Handed to in-transaction subscribers only, never stored in the event.
 */
export interface BookingChangeDetail {
  status: string;
  message: string | null;
  kind: UpdateKind;
  params: UpdateParams;
  driverId: string | null;
  /** Set when the change moved the job between drivers: who had it before. */
  previousDriverId?: string | null;
}

/**
 * A subscriber that runs inside the changing transaction, when the event is written: for reactions that
 * must commit with the change and cost no row and no wait, such as the live NOTIFY (sent by PostgreSQL on
 * commit, and only then). `detail` is there for events written with a booking update. It must not fail
 * for reasons of its own: a throw rolls the change back.
 */
export interface InTransactionSubscriber {
  name: string;
  kinds: readonly BookingEventKind[];
  handle: (ctx: AppContext, tx: DbOrTx, event: Pick<BookingEvent, 'id' | 'seq' | 'bookingId' | 'kind' | 'payload'>, detail: BookingChangeDetail | undefined) => Promise<void>;
}

const inTransactionSubscribers = new Map<string, InTransactionSubscriber>();

/** Adds an in-transaction subscriber (from the module that owns the reaction); the same name again replaces it. */
export function subscribeInTransaction(subscriber: InTransactionSubscriber): void {
  inTransactionSubscribers.set(subscriber.name, subscriber);
}

/** In the changing transaction, right after the events are written: runs the in-transaction subscribers. Lifecycle only. */
export async function runInTransaction(
  ctx: AppContext,
  tx: DbOrTx,
  events: readonly { event: Pick<BookingEvent, 'id' | 'seq' | 'bookingId' | 'kind' | 'payload'>; detail?: BookingChangeDetail }[],
): Promise<void> {
  for (const { event, detail } of events) {
    for (const subscriber of inTransactionSubscribers.values()) {
      if (subscriber.kinds.includes(event.kind)) await subscriber.handle(ctx, tx, event, detail);
    }
  }
}

/** The transactions that queued a delivery (weakly held: a transaction object is dropped after its end). */
const queuedIn = new WeakSet<DbOrTx>();

/** In the changing transaction: one delivery row per event and subscriber that wants it. Lifecycle only. */
export async function queueDeliveries(tx: DbOrTx, events: readonly Pick<BookingEvent, 'id' | 'seq' | 'bookingId' | 'kind' | 'payload'>[]): Promise<void> {
  const rows = events.flatMap((event) =>
    [...subscribers.values()]
      .filter((s) => s.kinds.includes(event.kind) && (s.wants?.(event) ?? true))
      .map((s) => ({ eventId: event.id, subscriber: s.name, bookingId: event.bookingId, seq: event.seq })),
  );
  if (!rows.length) return;
  await tx.insert(bookingEventDeliveries).values(rows);
  queuedIn.add(tx);
}

/**
 * Whether `tx` queued a delivery: when it did not (a new hold, whose `held` event no subscriber wants), its
 * writer has nothing to deliver after commit and skips `deliverAfterCommit`'s look-up (decision 069). Asked
 * at the end of the transaction's callback, of the transaction the verbs were given.
 */
export function queuedDeliveries(tx: DbOrTx): boolean {
  return queuedIn.has(tx);
}

export const DELIVER_JOB = 'booking-events.deliver';
const BATCH = 100;
const MAX_RETRY_MS = 60 * 60_000;

/** 30 s, 1 min, 2 min … at most an hour between attempts; a delivery is never given up. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export interface DeliveryReport {
  delivered: number;
  failed: number;
}

interface Due {
  eventId: string;
  subscriber: string;
  bookingId: string;
  seq: number;
}

/**
 * Delivers what is due: every undelivered event whose subscriber this process knows, whose retry wait is
 * over and that no earlier undelivered event of its booking holds back for that subscriber; `bookingIds`
 * limits it to those bookings (the fast path after a change). Safe to run on several instances at once: a
 * delivery is taken under `for update skip locked`, and the order is checked again under that lock.
 */
export async function deliverBookingEvents(ctx: AppContext, options: { bookingIds?: readonly string[] } = {}): Promise<DeliveryReport> {
  const report: DeliveryReport = { delivered: 0, failed: 0 };
  const names = [...subscribers.keys()];
  if (!names.length || options.bookingIds?.length === 0) return report;
  const tried = new Set<string>();
  for (;;) {
    const due = (await dueDeliveries(ctx, names, options.bookingIds)).filter((d) => !tried.has(`${d.eventId}:${d.subscriber}`));
    if (!due.length) return report;
    for (const delivery of due) {
      tried.add(`${delivery.eventId}:${delivery.subscriber}`);
      const outcome = await deliverOne(ctx, delivery);
      if (outcome === 'delivered') report.delivered += 1;
      if (outcome === 'failed') report.failed += 1;
    }
  }
}

async function dueDeliveries(ctx: AppContext, names: string[], bookingIds: readonly string[] | undefined): Promise<Due[]> {
  const d = bookingEventDeliveries;
  const result = await ctx.db.execute<{ event_id: string; subscriber: string; booking_id: string; seq: string | number }>(sql`
    select d.event_id, d.subscriber, d.booking_id, d.seq
    from ${d} d
    where d.delivered_at is null
      and (d.retry_at is null or d.retry_at <= ${ctx.now().toISOString()}::timestamptz)
      and d.subscriber in (${sql.join(names.map((n) => sql`${n}`), sql`, `)})
      ${bookingIds ? sql`and d.booking_id in (${sql.join(bookingIds.map((id) => sql`${id}::uuid`), sql`, `)})` : sql``}
      and not exists (
        select 1 from ${d} earlier
        where earlier.subscriber = d.subscriber and earlier.booking_id = d.booking_id and earlier.seq < d.seq and earlier.delivered_at is null
      )
    order by d.seq
    limit ${BATCH}`);
  return result.rows.map((r) => ({ eventId: r.event_id, subscriber: r.subscriber, bookingId: r.booking_id, seq: Number(r.seq) }));
}

class NotDue extends Error {}

async function deliverOne(ctx: AppContext, due: Due): Promise<'delivered' | 'failed' | 'skipped'> {
  const subscriber = subscribers.get(due.subscriber);
  if (!subscriber) return 'skipped';
  const d = bookingEventDeliveries;
  try {
    await ctx.db.transaction(async (tx) => {
      // Another instance delivering it holds the row: leave it to them. Delivered meanwhile: nothing to do.
      const [row] = await tx
        .select({ attempts: d.attempts })
        .from(d)
        .where(and(eq(d.eventId, due.eventId), eq(d.subscriber, due.subscriber), isNull(d.deliveredAt)))
        .for('update', { skipLocked: true });
      if (!row) throw new NotDue();
      const earlier = await tx.execute(sql`
        select 1 from ${d} where subscriber = ${due.subscriber} and booking_id = ${due.bookingId}::uuid and seq < ${due.seq} and delivered_at is null limit 1`);
      if (earlier.rows.length) throw new NotDue();
      const [event] = await tx.select().from(bookingEvents).where(eq(bookingEvents.id, due.eventId));
      if (!event) throw new NotDue();
      await subscriber.handle(inTransaction(ctx, tx), { ...event, kind: event.kind as BookingEventKind, payload: event.payload as BookingEventPayload });
      await tx
        .update(d)
        .set({ deliveredAt: ctx.now(), attempts: row.attempts + 1, lastError: null })
        .where(and(eq(d.eventId, due.eventId), eq(d.subscriber, due.subscriber)));
    });
    return 'delivered';
  } catch (error) {
    if (error instanceof NotDue) return 'skipped';
    // The code and first line of the driver's error under drizzle's "Failed query", never the values.
    const message = describeError(error);
    console.error(`booking event ${due.eventId} to ${due.subscriber} failed, will retry: ${message}`);
    await recordFailure(ctx, due, message).catch((cause: unknown) => console.error('recording a failed booking event delivery failed', cause));
    return 'failed';
  }
}

async function recordFailure(ctx: AppContext, due: Due, message: string): Promise<void> {
  const d = bookingEventDeliveries;
  const [row] = await ctx.db
    .select({ attempts: d.attempts })
    .from(d)
    .where(and(eq(d.eventId, due.eventId), eq(d.subscriber, due.subscriber)));
  const attempts = (row?.attempts ?? 0) + 1;
  await ctx.db
    .update(d)
    .set({ attempts, lastError: message.slice(0, 500), retryAt: new Date(ctx.now().getTime() + retryDelayMs(attempts)) })
    .where(and(eq(d.eventId, due.eventId), eq(d.subscriber, due.subscriber), isNull(d.deliveredAt)));
}

/**
 * The context a handler runs in: its database is the delivery's transaction (the cast: a transaction
 * answers every query a database does, and `transaction()` on it opens a savepoint), and its mailer
 * records the outbox row in it.
 */
function inTransaction(ctx: AppContext, tx: DbOrTx): AppContext {
  return { ...ctx, db: tx as Database, mailer: ctx.mailer.using(tx) };
}

/**
 * After the changing transaction committed: delivers the events of these bookings now, and waits for it,
 * so the answer goes out after the e-mail and the store fulfilment as it always did. A failure is left for
 * the retry (logged, never thrown: the change itself stands).
 */
export async function deliverAfterCommit(ctx: AppContext, bookingIds: string | readonly (string | null | undefined)[]): Promise<void> {
  const ids = [...new Set((typeof bookingIds === 'string' ? [bookingIds] : bookingIds).filter((id): id is string => Boolean(id)))];
  if (!ids.length) return;
  try {
    await deliverBookingEvents(ctx, { bookingIds: ids });
  } catch (error) {
    console.error(`delivering booking events failed, the sweep will retry: ${describeError(error)}`);
  }
}

/** The sweep: every minute, everything due (missed by the fast path, or waiting for a retry). */
export function bookingEventJobs(ctx: AppContext): JobDefinition[] {
  return [{ name: DELIVER_JOB, cron: '* * * * *', handler: async () => void (await deliverBookingEvents(ctx)) }];
}

/** The booking's events in order (tests and support). */
export async function listBookingEvents(db: DbOrTx, bookingId: string): Promise<BookingEvent[]> {
  const rows = await db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId)).orderBy(bookingEvents.seq);
  return rows.map((r) => ({ ...r, kind: r.kind as BookingEventKind, payload: r.payload as BookingEventPayload }));
}

/** What is still undelivered for these bookings (tests and support). */
export async function pendingDeliveries(db: DbOrTx, bookingIds: readonly string[]): Promise<{ eventId: string; subscriber: string; attempts: number; lastError: string | null }[]> {
  if (!bookingIds.length) return [];
  const d = bookingEventDeliveries;
  return db
    .select({ eventId: d.eventId, subscriber: d.subscriber, attempts: d.attempts, lastError: d.lastError })
    .from(d)
    .where(and(inArray(d.bookingId, [...bookingIds]), isNull(d.deliveredAt)))
    .orderBy(d.seq);
}
