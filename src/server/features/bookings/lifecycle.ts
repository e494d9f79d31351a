import { and, count, eq, gt, inArray, or, sql } from 'drizzle-orm';
import {
  canSendPaymentLink,
  canReschedule,
  canTransition,
  deleteRefusal,
  driverNextStep,
  holdIsLive,
  isClosedBooking,
  slotIdOf,
  updateMessage,
  type BookingActorRole,
  type DeleteRefusal,
  type BookingUpdateRecord,
  type UpdateKind,
  type UpdateParams,
} from '../../../shared/booking-lifecycle';
import { DRIVER_NOTE_LIMIT, DRIVER_NOTE_WINDOW_MINUTES, HOLD_MINUTES } from '../../../shared/constants';
import type { BookingStatus } from '../../../shared/domain';
import { isDriverActiveStatus } from '../../../shared/tracking';
import { toCents } from '../../../shared/money';
import type { JobPrice } from '../../../shared/pricing';
import { collectedKind, paymentColumn, tipRefusal, type CollectMethod, type LedgerSummary } from '../../../shared/payment-ledger';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { newToken } from '../../crypto/tokens';
import { bookingEvents, bookingPayments, bookings, bookingUpdates, guestLinkTokens, type UpdateLocation } from '../../db/schema';
import { AppError } from '../../errors';
import { queueDeliveries, runInTransaction, type BookingChangeDetail, type BookingEvent, type BookingEventKind, type BookingEventPayload } from '../../events/booking-events';
import type { CardDetails } from '../../integrations/payments/provider';
import { insertBookingLines, insertLinesOfJson, jobPriceOfColumns, lineRowsOf, pricedColumns } from './booking-lines.repository';
import { adoptBookingIntent, chargeFeeToKeptCard, keepFeeAndRefund, refundAmount, refundCancelledBooking, refundCharge, refundKey, restorePackageCredit, settledCharge, wasRefunded } from './booking-refunds';
import { nextCardPayment } from '../../../shared/deposits';
import { findEntryByKey, findPayment, insertEntry, recordIntent, summaryOf, type LedgerEntry } from './ledger';
import { claimReachableTime, claimStaffTime, type StaffClaimedTime } from './slot-capacity';
import { dayForRule, jobPoint, loadReachDay, type ReachJob } from './reach-day';
import { lockBusinessDay } from './slot-day.repository';
import { cancelQuote, noShowFeeCents } from './policy-fees';

/**
 * The owner of the booking (docs/decisions/010-booking-lifecycle.md): the only code that locks, writes or
 * deletes `bookings`, `booking_updates`, the guest link tokens and `booking_events`. Every verb runs in the
 * caller's transaction: it locks the row, checks the move against shared/booking-lifecycle.ts, writes,
 * records a typed update (kind + params + an optional note), records the change as one booking event for
 * its subscribers (docs/decisions/035: e-mails, store fulfilment…, delivered after commit; the live update,
 * run in the transaction so its NOTIFY goes out only if it commits). It knows none of the subscribers. A verb that
 * gives a booking a time (hold, book, bookFromStoreOrder, block, change, markPaid) claims that time's
 * capacity itself, in the same transaction (decision 036).
 */

export type BookingRow = typeof bookings.$inferSelect;
export type BookingUpdateRow = typeof bookingUpdates.$inferSelect;
export type BookingPaymentRow = typeof bookingPayments.$inferSelect;
/** A ledger row that is a card intent. */
export type IntentRow = BookingPaymentRow & { intentId: string; provider: string };
type NewBooking = typeof bookings.$inferInsert;
/** What decides who can get to a job: its service and where it happens. */
type JobPlace = Pick<NewBooking, 'serviceId' | 'serviceType' | 'latitude' | 'longitude'>;

/** The booking's place after a change's details (a detail left out keeps the booking's). */
function changedPlace(booking: JobPlace, details: BookingDetails | undefined): JobPlace {
  return {
    serviceId: details?.serviceId ?? booking.serviceId,
    serviceType: booking.serviceType,
    latitude: details?.latitude !== undefined ? details.latitude : booking.latitude,
    longitude: details?.longitude !== undefined ? details.longitude : booking.longitude,
  };
}

function reachJobOf(place: JobPlace, durationMinutes: number, bookingId?: string): ReachJob {
  return { serviceId: place.serviceId, durationMinutes, point: jobPoint(place.serviceType ?? 'pickup', place.latitude ?? null, place.longitude ?? null), ...(bookingId ? { bookingId } : {}) };
}

/** A tip is taken only on a completed booking whose money did not all go back (decision 058). */
export function assertTippable(booking: Pick<BookingRow, 'status' | 'isBlocked'>, state: LedgerSummary['state']): void {
  const refusal = booking.isBlocked ? 'not_completed' : tipRefusal(booking.status, state);
  if (refusal === 'refunded') throw new AppError('TIP_AFTER_REFUND', 'This booking was refunded, so it cannot take a tip.');
  if (refusal) throw new AppError('TIP_NOT_ALLOWED', 'A tip can be given once the job is completed.', { status: booking.status });
}

/** What a new hold answers with (the checkout's response), read back from its insert. */
const HELD_FIELDS = {
  id: bookings.id,
  status: bookings.status,
  paymentStatus: bookings.paymentStatus,
  totalAmount: bookings.totalAmount,
  serviceFee: bookings.serviceFee,
  tax: bookings.tax,
  holdExpiresAt: bookings.holdExpiresAt,
  depositCents: bookings.depositCents,
};
export type HeldBooking = Pick<BookingRow, keyof typeof HELD_FIELDS>;

/** Every column a web hold writes: the checkout's draft, the hold's state and a guest's link hash. */
const HOLD_COLUMNS = [
  'userId', 'clientId', 'serviceId', 'addressId', 'serviceType', 'scheduledDate', 'durationMinutes', 'businessDate',
  'servicePrice', 'totalAmount', 'serviceFee', 'tax', 'notes', 'vehicle', 'accessNotes',
  'addressStreet', 'addressCity', 'addressState', 'addressZip', 'latitude', 'longitude',
  'guestEmail', 'guestName', 'guestPhone', 'language', 'coveredParking', 'idempotencyKey', 'source', 'holder', 'holderNetwork',
  'depositCents', 'policyConsentAt', 'status', 'paymentStatus', 'holdExpiresAt', 'trackingTokenHash',
] as const satisfies readonly (keyof NewBooking)[];
type HoldColumn = (typeof HOLD_COLUMNS)[number];
/**
 * What the checkout hands a hold: every column it writes, each given (null for none), and the slot it asks
 * for in place of the time (the hold claims it); nothing else is written.
 */
export type HoldDraft = Required<Pick<BookingDraft, Exclude<HoldColumn, 'status' | 'paymentStatus' | 'holdExpiresAt' | 'trackingTokenHash' | 'scheduledDate' | 'businessDate'>>> & {
  slotId: string;
};

// The hold's statements, built once (db/prepared.ts): it runs for every web booking, under the day's lock,
// so every round trip saved is time another booking of the day is not kept waiting.
const holdInsert = (db: DbOrTx) =>
  db
    .insert(bookings)
    .values(Object.fromEntries(HOLD_COLUMNS.map((column) => [column, sql.placeholder(column)])) as unknown as NewBooking)
    .returning(HELD_FIELDS);
/** A held hold's row read back, with its `held` event (id and seq), written in the same statement. */
const HELD_WITH_EVENT = { ...HELD_FIELDS, eventId: bookingEvents.id, eventSeq: bookingEvents.seq };

/**
 * A hold's row and its lines (`lines`: lineRowsOf's rows as json) in one statement; a guest's with its kept
 * link too (`token`: the plain token the confirmation e-mail takes); a pending hold's with its `held` event
 * (`event`: the payload), a round trip fewer under the day's lock (decision 069).
 */
const holdStatement = (guest: boolean, held: boolean) => (db: DbOrTx) => {
  const inserted = db.$with('inserted').as(holdInsert(db));
  const lines = db.$with('lines').as(insertLinesOfJson(db, sql`${inserted}`, sql`${inserted.id}`, sql`${sql.placeholder('lines')}::json`));
  const keptLink = db.$with('kept_link').as(
    db.insert(guestLinkTokens).select(db.select({ bookingId: inserted.id, token: sql<string>`${sql.placeholder('token')}`.as('token'), createdAt: sql<Date>`now()`.as('created_at') }).from(inserted)),
  );
  // The event as emit() writes it: its seq and id from the column defaults, the moment of writing.
  const event = db.$with('held_event').as(
    db
      .insert(bookingEvents)
      .select(sql`select nextval(pg_get_serial_sequence('booking_events', 'seq')), gen_random_uuid(), ${inserted.id}, 'held', ${sql.placeholder('event')}::jsonb, clock_timestamp() from ${inserted}`)
      .returning({ id: bookingEvents.id, seq: bookingEvents.seq }),
  );
  const statement = db.with(inserted, lines, ...(guest ? [keptLink] : []), ...(held ? [event] : []));
  if (!held) return statement.select().from(inserted);
  const columns = Object.fromEntries(Object.keys(HELD_FIELDS).map((key) => [key, inserted[key as keyof typeof HELD_FIELDS]]));
  return statement.select({ ...columns, eventId: event.id, eventSeq: event.seq }).from(inserted).crossJoin(event);
};
const insertHold = preparedStatement('glint_hold', HELD_WITH_EVENT, holdStatement(false, true));
const insertGuestHold = preparedStatement('glint_guest_hold', HELD_WITH_EVENT, holdStatement(true, true));
/** A prepaid hold (confirmed at once: its events are the redemption's, written by record()). */
const insertPrepaidHold = preparedStatement('glint_prepaid_hold', HELD_FIELDS, holdStatement(false, false));

/** Who asks for the change; `userId` is the customer, driver or admin when there is one. */
export interface BookingActor {
  role: BookingActorRole;
  userId?: string | null;
}

export const SYSTEM: BookingActor = { role: 'system' };

/**
 * What a booking is sold as and where it happens, and the slot it asks for (`YYYY-MM-DDTHH:mm`, Pacific):
 * the verb claims the slot for `durationMinutes` and sets the time, status, payment and hold itself.
 */
export type BookingDraft = Omit<NewBooking, 'id' | 'status' | 'paymentStatus' | 'holdExpiresAt' | 'isBlocked' | 'createdAt' | 'updatedAt' | 'scheduledDate' | 'businessDate'> & {
  slotId: string;
};

/**
 * A change to a booking from one form: the slot it should have (its current one to keep the time) and the
 * details to write. `by` says whose words the update is rendered in: the customer, the admin's booking
 * editor or the schedule. `clearTimes` drops the pickup and return times a move makes stale.
 */
export interface BookingChange {
  slotId: string;
  details?: BookingDetails;
  by: 'customer' | 'admin' | 'schedule';
  clearTimes?: boolean;
  /** Why it moved, for the history: the customer took a rain offer's time (issue 26). */
  reason?: 'weather';
  /** The owner confirmed taking the time outside the hours or over capacity (decision 047); admin only. */
  override?: boolean;
  /** The technician's placement rule for the new time (decision 056), run under the locks. */
  check?: PlacementCheck;
}

/**
 * The dispatch rule for a booking's new place (decision 056), run by the verb under the booking's row lock and
 * the target day's lock: throws to refuse (409 ASSIGNMENT_CONFLICT), or answers what the owner's override went
 * past — params for the history (never another customer's name: the customer reads them too) — or null.
 */
export type PlacementCheck = (tx: DbOrTx, booking: BookingRow, target: { slotId: string; durationMinutes: number; driverId: string | null }) => Promise<UpdateParams | null>;

/** A booking's place on the dispatch board: its technician (null: unassigned) and its start (`YYYY-MM-DDTHH:mm`). */
export interface DispatchMove {
  slotId: string;
  driver: { id: string; fullName: string } | null;
  /** The owner confirmed the move over a conflict (and over capacity or hours, decision 047). */
  override?: boolean;
  check: PlacementCheck;
  /** Who moved it, for the history's words: the board, or Plan day (decision 056). */
  by: 'admin' | 'plan';
}

/** Fields of a booking the business or the customer may edit without changing its status. */
export type BookingDetails = Partial<
  Pick<
    NewBooking,
    | 'serviceId'
    | 'durationMinutes'
    | 'notes'
    | 'vehicle'
    | 'accessNotes'
    | 'coveredParking'
    | 'addressId'
    | 'addressStreet'
    | 'addressCity'
    | 'addressState'
    | 'addressZip'
    | 'latitude'
    | 'longitude'
    | 'guestName'
    | 'guestEmail'
    | 'guestPhone'
  >
>;

export interface PaymentFacts {
  intentId: string;
  provider: string;
  amountCents: number;
  currency: string;
  /** The booking the intent says it pays for. */
  intentBookingId: string | null;
  card: CardDetails | null;
  /** Charged to the saved card while the customer was away (a balance): the ledger says `saved_card`. */
  offSession?: boolean;
}

export type MarkPaidResult =
  | { outcome: 'paid'; booking: BookingRow; guestToken: string | undefined }
  | { outcome: 'already_settled'; booking: BookingRow }
  | { outcome: 'slot_taken'; booking: BookingRow }
  /** The booking was already paid (or refunded) by another payment: this one must go back (`refundDuplicatePayment`). */
  | { outcome: 'duplicate'; booking: BookingRow };

const NOT_FOUND_MESSAGE = 'Booking not found';

const DELETE_REFUSALS: Record<DeleteRefusal, string> = {
  cancelled: 'This booking is cancelled and stays on record, so it cannot be deleted.',
  started: 'This job has started or is finished, so it cannot be deleted. Cancel it instead: the customer is told.',
  paid: 'This booking carries a payment, so it cannot be deleted. Cancel it instead: the payment is refunded and the customer is told.',
  customer: 'This booking was made by the customer, so it cannot be deleted. Cancel it instead: the customer is told.',
};

/**
 * Cancelled and completed bookings stay as they ended: no new time, no edits (409). The verbs check it
 * under the row lock before they claim anything, so the answer never depends on the new time being free;
 * services call it first too, before their own look-ups.
 */
export function assertBookingOpen(booking: { status: BookingStatus }, change: 'moved' | 'edited' | 'given a driver'): void {
  if (isClosedBooking(booking.status)) {
    throw new AppError('BOOKING_CLOSED', `A ${booking.status} booking cannot be ${change}. Book a new appointment instead.`, { status: booking.status, change });
  }
}

function refuse(from: BookingStatus, to: BookingStatus, message = `A booking that is ${from} cannot become ${to}`): AppError {
  return new AppError('TRANSITION_NOT_ALLOWED', message, { from, to });
}

function assertTransition(actor: BookingActor, from: BookingStatus, to: BookingStatus, message?: string): void {
  if (!canTransition(actor.role, from, to)) throw refuse(from, to, message);
}

export interface UpdateInput {
  status: BookingStatus;
  kind: UpdateKind;
  params?: UpdateParams;
  note?: string | null;
  driverId?: string | null;
  location?: UpdateLocation | null;
}

/** The verbs, bound to the app context (clock, live events, payment provider). */
export function bookingVerbs(ctx: AppContext) {
  async function lock(tx: DbOrTx, bookingId: string): Promise<BookingRow> {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!row) throw new AppError('BOOKING_NOT_FOUND', NOT_FOUND_MESSAGE);
    // This instance reads the day uncached until its own commit's NOTIFY has arrived (decision 018).
    ctx.caches.slotDays.touch([row.businessDate]);
    return row;
  }

  async function write(tx: DbOrTx, bookingId: string, values: Partial<NewBooking>): Promise<void> {
    if (values.businessDate) ctx.caches.slotDays.touch([values.businessDate]);
    await tx.update(bookings).set(values).where(eq(bookings.id, bookingId));
  }

  /**
   * Takes the slot's place in this transaction: the day stays locked until commit, so the write that follows
   * cannot overfill it (decision 002). The business books by staff rules (inside the notice too, words for
   * the grid); everyone else by the customer's. Never over capacity: 409 SLOT_FULL.
   */
  async function claim(
    tx: DbOrTx,
    actor: BookingActor,
    slot: { slotId: string; durationMinutes: number; excludeBookingId?: string; override?: boolean; job: JobPlace },
    now = ctx.now(),
  ): Promise<StaffClaimedTime> {
    // Only the business may override; anyone else's flag is ignored.
    if (actor.role === 'admin') {
      const { job: _place, ...staffSlot } = slot;
      return claimStaffTime(tx, now, staffSlot);
    }
    const { override: _ignored, job, ...customerSlot } = slot;
    // A customer is also refused a start no technician can get to (decision 055); the business may book it
    // and sort out who goes on the dispatch board.
    return claimReachableTime(ctx, tx, now, { ...customerSlot, job: reachJobOf(job, slot.durationMinutes, slot.excludeBookingId) });
  }

  /**
   * A booking that became confirmed goes to the technician whose day gains the least drive (decision 055),
   * when it has none yet: the day's other jobs without one are placed first, in start order, as the slot
   * list assumed. Nobody fits: it stays unassigned, for the dispatch board. Recorded like a manual assignment
   * (its event says `auto`: the confirmation just sent tells the customer, so no second e-mail).
   */
  async function assignOnConfirm(tx: DbOrTx, booking: Pick<BookingRow, 'id' | 'businessDate' | 'scheduledDate' | 'durationMinutes' | 'assignedDriverId' | 'isBlocked' | 'status'> & JobPlace): Promise<string | null> {
    if (booking.assignedDriverId || booking.isBlocked || booking.status !== 'confirmed') return booking.assignedDriverId;
    await lockBusinessDay(tx, booking.businessDate);
    const day = await loadReachDay(tx, booking.businessDate, ctx.config.business.location);
    const rule = await dayForRule(ctx, day, { serviceId: booking.serviceId, durationMinutes: booking.durationMinutes, point: null }, ctx.now());
    if (!rule) return null;
    // Every job still without a technician, this one in its place among them.
    const chosen = rule.days.find((d) => d.jobs.some((j) => j.bookingId === booking.id));
    if (!chosen) return null;
    await write(tx, booking.id, { assignedDriverId: chosen.technicianId, updatedAt: ctx.now() });
    await record(tx, booking.id, { status: booking.status, kind: 'driver_assigned', params: { driverName: chosen.name }, driverId: chosen.technicianId }, { previousDriverId: null, auto: true });
    return chosen.technicianId;
  }

  /** A new booking's row values: the draft at the time its slot claimed, and what an override went past. */
  async function placed(
    tx: DbOrTx,
    actor: BookingActor,
    { slotId, ...draft }: BookingDraft,
    override?: boolean,
  ): Promise<{ values: Omit<NewBooking, 'status' | 'paymentStatus'>; overridden?: StaffClaimedTime['overridden'] }> {
    const { overridden, ...time } = await claim(tx, actor, { slotId, durationMinutes: draft.durationMinutes, override, job: draft });
    return { values: { ...draft, ...time }, overridden };
  }

  /** Every new booking row goes in here, but a web hold's (`hold`: its row and the guest's link in one statement). */
  async function insertBooking(tx: DbOrTx, values: NewBooking): Promise<BookingRow> {
    ctx.caches.slotDays.touch([values.businessDate]);
    const [row] = await tx.insert(bookings).values(values).returning();
    return row!;
  }

  /**
   * A new booking's price: the job's (docs/decisions/043), whose lines are written in the same transaction and
   * whose figures become the booking's amounts and length; without one, the draft's own columns as one line.
   */
  function priced<T extends { durationMinutes: number }>(draft: T, job: JobPrice | undefined): T {
    return job ? { ...draft, ...pricedColumns(job) } : draft;
  }

  async function writeLines(tx: DbOrTx, bookingId: string, values: Parameters<typeof jobPriceOfColumns>[1], job: JobPrice | undefined): Promise<void> {
    await insertBookingLines(tx, bookingId, job ?? (await jobPriceOfColumns(tx, values)));
  }

  /** Records what happened as an update and its event (with the update as the event's in-memory detail), in the caller's transaction. */
  async function record(tx: DbOrTx, bookingId: string, input: UpdateInput, facts: BookingEventPayload = {}): Promise<BookingUpdateRow> {
    const update: BookingUpdateRecord = { kind: input.kind, params: input.params ?? {}, note: input.note ?? null };
    const [row] = await tx.insert(bookingUpdates).values({
      bookingId,
      status: input.status,
      kind: update.kind,
      params: update.params,
      message: update.note,
      driverId: input.driverId ?? null,
      location: input.location ?? null,
      // The moment of writing, not the transaction's start: two updates of one transaction keep their order.
      createdAt: sql`clock_timestamp()`,
    }).returning();
    const detail: BookingChangeDetail = {
      status: input.status,
      message: updateMessage(update),
      kind: update.kind,
      params: update.params,
      driverId: input.driverId ?? null,
      ...('previousDriverId' in facts ? { previousDriverId: facts.previousDriverId as string | null } : {}),
    };
    // A note is free text: the event names its update (`noteId`) for a subscriber that quotes it.
    const noted: BookingEventPayload = update.note ? { noteId: row!.id } : {};
    await emit(tx, [{ bookingId, kind: update.kind, payload: { status: input.status, ...eventFacts(update.params), ...(input.driverId ? { driverId: input.driverId } : {}), ...noted, ...facts } }], [detail]);
    return row!;
  }

  /** One booking event per change, in the changing transaction, with a delivery row for each subscriber. */
  async function emit(tx: DbOrTx, events: { bookingId: string; kind: BookingEventKind; payload: BookingEventPayload }[], details: (BookingChangeDetail | undefined)[] = []): Promise<void> {
    if (!events.length) return;
    const rows = await tx
      .insert(bookingEvents)
      // The moment of writing, as for the updates: two events of one transaction keep their order.
      .values(events.map((event) => ({ ...event, createdAt: sql`clock_timestamp()` })))
      .returning({ id: bookingEvents.id, seq: bookingEvents.seq, bookingId: bookingEvents.bookingId, kind: bookingEvents.kind, payload: bookingEvents.payload });
    await emitted(tx, rows.map((r) => ({ ...r, kind: r.kind as BookingEventKind, payload: r.payload as BookingEventPayload })), details);
  }

  /** After its events are written (by emit, or by a statement that wrote one with its row): their subscribers. */
  async function emitted(tx: DbOrTx, written: Pick<BookingEvent, 'id' | 'seq' | 'bookingId' | 'kind' | 'payload'>[], details: (BookingChangeDetail | undefined)[] = []): Promise<void> {
    await runInTransaction(ctx, tx, written.map((event, i) => ({ event, detail: details[i] })));
    await queueDeliveries(tx, written);
  }

  /** A job the driver may still act on: assigned to them (an admin acts on any) and not cancelled or finished. */
  function assertDriverMayAct(booking: BookingRow, actor: BookingActor): void {
    if (booking.isBlocked) throw new AppError('BOOKING_NOT_FOUND', NOT_FOUND_MESSAGE);
    if (actor.role !== 'admin' && booking.assignedDriverId !== actor.userId) throw new AppError('NOT_YOUR_BOOKING', 'This booking is not assigned to you');
    if (!isDriverActiveStatus(booking.status)) {
      throw new AppError('BOOKING_NOT_ACTIVE', 'This booking is no longer active', { status: booking.status });
    }
  }

  /** A kept tracking link for a booking made without the guest present (phone appointments, store orders). */
  async function saveGuestLink(tx: DbOrTx, bookingId: string): Promise<string> {
    const token = await issueTrackingToken(tx, bookingId);
    await tx.insert(guestLinkTokens).values({ bookingId, token }).onConflictDoUpdate({ target: guestLinkTokens.bookingId, set: { token } });
    return token;
  }

  async function peekGuestLink(db: DbOrTx, bookingId: string): Promise<string | undefined> {
    const [row] = await db.select({ token: guestLinkTokens.token }).from(guestLinkTokens).where(eq(guestLinkTokens.bookingId, bookingId));
    return row?.token;
  }

  async function takeGuestLink(tx: DbOrTx, bookingId: string): Promise<string | undefined> {
    const [row] = await tx.delete(guestLinkTokens).where(eq(guestLinkTokens.bookingId, bookingId)).returning({ token: guestLinkTokens.token });
    return row?.token;
  }

  /**
   * A payment request sent again with its Idempotency-Key: the row it made, once more. The key is the caller's
   * (scoped to who sent it); used for another booking or another amount it is refused.
   */
  async function replayOf(tx: DbOrTx, booking: BookingRow, earlier: LedgerEntry, asked: { bookingId: string; amountCents: number }) {
    if (earlier.bookingId !== asked.bookingId || (earlier.kind !== 'refund' && earlier.amountCents !== asked.amountCents)) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different payment');
    }
    const { summary } = await summaryOf(tx, booking.id, toCents(booking.totalAmount));
    return { entry: earlier, summary, replayed: true };
  }

  /**
   * The booking's payment column, written from its ledger (shared/payment-ledger.ts), after a verb wrote a
   * ledger row; answers the ledger's summary.
   */
  async function settleLedger(tx: DbOrTx, booking: BookingRow): Promise<LedgerSummary> {
    const { summary } = await summaryOf(tx, booking.id, toCents(booking.totalAmount));
    const column = paymentColumn(summary.state, booking.paymentStatus) as BookingRow['paymentStatus'];
    if (column !== booking.paymentStatus) await write(tx, booking.id, { paymentStatus: column, updatedAt: ctx.now() });
    return summary;
  }

  /**
   * Cancels a locked booking (the caller checked the move): the one way a booking is cancelled by someone,
   * whichever screen asked. A package credit goes back, every payment is refunded, and the update is the
   * `cancelled` kind that e-mails, the history and the calendar feeds read.
   */
  async function cancelLocked(
    tx: DbOrTx,
    booking: BookingRow,
    actor: BookingActor,
    note: string | null,
    lateFeeCents = 0,
  ): Promise<{ refunded: boolean; creditRestored: boolean; feeCents: number; refundedCents?: number }> {
    const now = ctx.now();
    await write(tx, booking.id, { status: 'cancelled', cancelledAt: now, updatedAt: now });
    const creditRestored = await restorePackageCredit(ctx, tx, booking);
    let refunded: boolean;
    let feeCents = 0;
    let refundedCents: number | undefined;
    if (lateFeeCents > 0) {
      // A late cancellation (decision 057): the fee is kept from what was paid, the rest goes back, the shortfall is charged to the kept card.
      const kept = await keepFeeAndRefund(ctx, tx, booking, lateFeeCents, { note: 'Late cancellation fee', recordedBy: actor.userId ?? null });
      feeCents = kept.keptCents + (await chargeFeeToKeptCard(ctx, tx, booking, lateFeeCents - kept.keptCents, 'late_cancel'));
      refunded = kept.refundedCents > 0;
      refundedCents = kept.refundedCents;
      if (refunded || feeCents > 0) await settleLedger(tx, booking);
    } else {
      refunded = await refundCancelledBooking(ctx, tx, booking);
      if (refunded) await settleLedger(tx, booking);
    }
    await record(tx, booking.id, { status: 'cancelled', kind: 'cancelled', params: { by: actor.role, refunded, ...(creditRestored ? { creditRestored } : {}), ...(feeCents ? { feeCents } : {}) }, note });
    return { refunded, creditRestored, feeCents, ...(refundedCents !== undefined ? { refundedCents } : {}) };
  }

  return {
    /**
     * A customer's or guest's pending booking that claims its slot and holds it for HOLD_MINUTES. A guest
     * gets a tracking link; its plain token is kept until the confirmation e-mail takes it.
     */
    async hold(tx: DbOrTx, actor: BookingActor, draft: HoldDraft & { guest: boolean }, options: { prepaid?: boolean; job?: JobPrice } = {}): Promise<{ booking: HeldBooking; trackingToken?: string }> {
      const { guest, slotId, ...drafted } = draft;
      const values = priced(drafted, options.job);
      // Its lines go in with the row (read before the claim, outside the day's lock, when priced from columns).
      const lines = JSON.stringify(lineRowsOf(options.job ?? (await jobPriceOfColumns(tx, values))));
      const now = ctx.now();
      const time = await claim(tx, actor, { slotId, durationMinutes: values.durationMinutes, job: values }, now);
      // Prepaid (a package credit the caller redeems in this transaction): nothing to pay, so no hold — confirmed at once.
      const state = options.prepaid
        ? { status: 'confirmed' as const, paymentStatus: 'package' as const, holdExpiresAt: null }
        : { status: 'pending' as const, paymentStatus: 'unpaid' as const, holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * 60_000) };
      // A guest's tracking link goes in with the booking and its lines, in the same statement: its hash in the
      // row, the plain token beside it until the confirmation e-mail takes it.
      const link = guest ? newToken() : undefined;
      ctx.caches.slotDays.touch([time.businessDate]);
      const row = { ...values, ...time, ...state, trackingTokenHash: link?.hash ?? null };
      if (options.prepaid) {
        const [booking] = await insertPrepaidHold(tx, { ...row, lines });
        // Paid with a package credit: paid in the ledger, not revenue (the package's sale was).
        await insertEntry(tx, { bookingId: booking!.id, kind: 'full', method: 'package_credit', amountCents: toCents(booking!.totalAmount) });
        await record(tx, booking!.id, { status: 'confirmed', kind: 'package_redeemed' }, { by: 'customer', guest });
        await assignOnConfirm(tx, { ...row, id: booking!.id, status: 'confirmed', assignedDriverId: null, isBlocked: false });
        return { booking: booking! };
      }
      const payload: BookingEventPayload = { status: 'pending', by: 'customer', guest };
      const [written] = link ? await insertGuestHold(tx, { ...row, lines, token: link.token, event: JSON.stringify(payload) }) : await insertHold(tx, { ...row, lines, event: JSON.stringify(payload) });
      const { eventId, eventSeq, ...booking } = written!;
      await emitted(tx, [{ id: eventId, seq: eventSeq, bookingId: booking.id, kind: 'held', payload }]);
      return { booking, ...(link ? { trackingToken: link.token } : {}) };
    },

    /**
     * An appointment the business makes (phone, walk-in) in the slot it claims: confirmed at once, unpaid, to
     * be paid on site, or waiting for the customer to pay by the e-mailed link (link_sent).
     * A guest (no account) gets a kept tracking link, like a web guest, for the confirmation e-mail.
     */
    async book(
      tx: DbOrTx,
      actor: BookingActor,
      draft: BookingDraft,
      options: { paymentStatus?: 'unpaid' | 'on_site' | 'link_sent'; guestLink?: boolean; job?: JobPrice; override?: boolean } = {},
    ): Promise<string> {
      const { values, overridden } = await placed(tx, actor, priced(draft, options.job), options.override);
      const row = await insertBooking(tx, { ...values, status: 'confirmed', paymentStatus: options.paymentStatus ?? 'unpaid' });
      await writeLines(tx, row.id, row, options.job);
      await record(tx, row.id, { status: 'confirmed', kind: 'created', params: { by: 'admin', ...(overridden ? { override: overridden } : {}) } }, { paymentStatus: row.paymentStatus });
      // Sent with the booking: the confirmation e-mail of `created` is the payment link, not a second one.
      if (options.paymentStatus === 'link_sent') await record(tx, row.id, { status: 'confirmed', kind: 'payment_link_sent' }, { withBooking: true });
      if (options.guestLink) await saveGuestLink(tx, row.id);
      await assignOnConfirm(tx, row);
      return row.id;
    },

    /**
     * A booking for a paid store order in the slot it claims (the caller locked the order in this transaction
     * and links it to the returned booking before commit): confirmed at once, payment status `store` (paid in
     * the store), with a tracking link whose plain token is returned. The customer books by the customer's
     * time rules, staff by theirs.
     */
    async bookFromStoreOrder(tx: DbOrTx, actor: BookingActor, draft: BookingDraft, order: { orderNumber: string }, options: { job?: JobPrice } = {}): Promise<{ booking: BookingRow; trackingToken: string }> {
      const booking = await insertBooking(tx, { ...(await placed(tx, actor, priced(draft, options.job))).values, status: 'confirmed', paymentStatus: 'store', holdExpiresAt: null });
      await writeLines(tx, booking.id, booking, options.job);
      // Paid in the store: the money is in the ledger, and in revenue, as the store's (decision 049).
      await insertEntry(tx, { bookingId: booking.id, kind: 'full', method: 'store', amountCents: toCents(booking.totalAmount), note: `Store order #${order.orderNumber}` });
      await record(tx, booking.id, { status: 'confirmed', kind: 'created', params: { by: actor.role === 'admin' ? 'admin' : 'store', orderNumber: order.orderNumber } }, { paymentStatus: 'store' });
      const assignedDriverId = await assignOnConfirm(tx, booking);
      return { booking: { ...booking, assignedDriverId }, trackingToken: await saveGuestLink(tx, booking.id) };
    },

    /** Time the business blocks: a booking flagged as blocked that claims and fills its steps and has no history. */
    async block(tx: DbOrTx, actor: BookingActor, draft: BookingDraft): Promise<string> {
      const row = await insertBooking(tx, { ...(await placed(tx, actor, draft)).values, status: 'confirmed', paymentStatus: 'on_site', isBlocked: true });
      await emit(tx, [{ bookingId: row.id, kind: 'blocked', payload: { status: 'confirmed', blocked: true } }]);
      return row.id;
    },

    /**
     * Deletes blocked time, or an appointment the business made that never started and carries no payment
     * (the admin's delete); false when there was none. Anything else is refused with BOOKING_NOT_DELETABLE
     * and the reason (`params.reason`): it is cancelled instead, which keeps the record, refunds and tells
     * the customer.
     */
    async remove(tx: DbOrTx, bookingId: string, actor: BookingActor): Promise<boolean> {
      const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
      if (!booking) return false;
      ctx.caches.slotDays.touch([booking.businessDate]);
      const reason = actor.role === 'admin' ? deleteRefusal(booking) : 'customer';
      if (reason) {
        throw new AppError('BOOKING_NOT_DELETABLE', DELETE_REFUSALS[reason], { reason, status: booking.status, paymentStatus: booking.paymentStatus });
      }
      const rows = await tx.delete(bookings).where(eq(bookings.id, bookingId)).returning({ id: bookings.id });
      await emit(tx, rows.map((r) => ({ bookingId: r.id, kind: 'removed' as const, payload: { status: booking.status, by: actor.role, blocked: booking.isBlocked, driverId: booking.assignedDriverId } })));
      return rows.length > 0;
    },

    /**
     * A payment the provider reports as succeeded. The same payment reported again is a no-op; another
     * payment for a booking already paid (or refunded) is `duplicate`, for the caller to refund. A payment
     * that arrives after its hold ended takes the time again if it is still free (`slot_taken` when not).
     * A booking already past confirmed keeps its status; only the payment is recorded. A booking the business
     * confirmed (paid by link) already holds its time, so nothing is claimed again; one cancelled while the
     * customer was paying is not revived (`slot_taken`: the money goes back).
     */
    async markPaid(tx: DbOrTx, bookingId: string, actor: BookingActor, payment: PaymentFacts): Promise<MarkPaidResult> {
      const now = ctx.now();
      const booking = await lock(tx, bookingId);
      // Settled already: this very payment was recorded (kept, or refunded because it came too late or second).
      const entry = await findPayment(tx, payment.provider, payment.intentId);
      if (entry && (entry.status === 'succeeded' || entry.status === 'refunded')) return { outcome: 'already_settled', booking };
      if ((booking.paymentStatus === 'paid' || booking.paymentStatus === 'refunded') && booking.paymentIntentId === payment.intentId) return { outcome: 'already_settled', booking };
      if (payment.intentBookingId !== booking.id) throw new AppError('PAYMENT_MISMATCH', 'This payment does not match the booking');
      // Another payment paid for this booking first (a race, a retry, an older card form confirmed late): the
      // booking keeps one payment, so this one is refunded by the caller, never kept.
      if (booking.paymentStatus === 'paid' || booking.paymentStatus === 'refunded') return { outcome: 'duplicate', booking };
      // What this payment is for, from the ledger (decision 057): the deposit, the balance after it, or the whole.
      const next = nextCardPayment((await summaryOf(tx, booking.id, toCents(booking.totalAmount))).summary, booking.depositCents);
      if (!next) return { outcome: 'duplicate', booking };
      if (payment.currency !== 'usd' || payment.amountCents !== next.amountCents) {
        throw new AppError('PAYMENT_MISMATCH', 'This payment does not match the booking');
      }
      if (booking.status === 'cancelled' && booking.paymentStatus === 'link_sent') return { outcome: 'slot_taken', booking };
      const occupiesItsTime = booking.status !== 'pending' && booking.status !== 'cancelled';
      if (!holdIsLive(booking, now) && !occupiesItsTime) {
        try {
          await claimReachableTime(ctx, tx, now, { slotId: slotIdOf(booking), durationMinutes: booking.durationMinutes, excludeBookingId: booking.id, staff: true, job: reachJobOf(booking, booking.durationMinutes, booking.id) });
        } catch (error) {
          if (error instanceof AppError && (error.code === 'SLOT_FULL' || error.code === 'SLOT_INVALID')) return { outcome: 'slot_taken', booking };
          throw error;
        }
      }
      const status: BookingStatus = canTransition(actor.role, booking.status, 'confirmed') ? 'confirmed' : booking.status;
      await write(tx, booking.id, {
        status,
        paymentIntentId: payment.intentId,
        paymentProvider: payment.provider,
        paymentMethodBrand: payment.card?.brand ?? null,
        paymentMethodLast4: payment.card?.last4 ?? null,
        holdExpiresAt: null,
        cancelledAt: null,
        updatedAt: now,
      });
      await recordIntent(tx, booking.id, { intentId: payment.intentId, provider: payment.provider, amountCents: payment.amountCents, kind: next.kind, method: payment.offSession ? 'saved_card' : 'card' }, 'succeeded');
      const summary = await settleLedger(tx, { ...booking, status });
      // The payment that confirms a hold is told by the confirmation e-mail; one for a booking already
      // confirmed (paid by link) by a "Payment received" e-mail, not a second confirmation.
      await record(tx, booking.id, { status, kind: 'payment_received', params: { amountCents: payment.amountCents, ...(booking.status === 'pending' || booking.status === 'cancelled' ? { confirms: true } : {}) } });
      const assignedDriverId = await assignOnConfirm(tx, { ...booking, status });
      // The guest's link stays for the booking's life: every status e-mail carries it (decision 005).
      const guestToken = booking.guestEmail && !booking.userId ? await peekGuestLink(tx, booking.id) : undefined;
      return { outcome: 'paid', booking: { ...booking, status, assignedDriverId, paymentStatus: paymentColumn(summary.state, booking.paymentStatus) as BookingRow['paymentStatus'] }, guestToken };
    },

    /**
     * The business e-mails (again) a card payment link for an unpaid appointment it made: it waits for that
     * payment (link_sent). Anything else is refused. Returns a guest's kept tracking token, for the e-mail.
     */
    async requestLinkPayment(tx: DbOrTx, bookingId: string, actor: BookingActor): Promise<{ guestToken: string | undefined }> {
      const booking = await lock(tx, bookingId);
      if (actor.role !== 'admin' || !canSendPaymentLink(booking)) {
        throw new AppError('BOOKING_NOT_PAYABLE', 'This booking cannot be paid online. Please call us.', { status: booking.status, paymentStatus: booking.paymentStatus });
      }
      await write(tx, bookingId, { paymentStatus: 'link_sent', updatedAt: ctx.now() });
      await record(tx, bookingId, { status: booking.status, kind: 'payment_link_sent' });
      return { guestToken: booking.userId ? undefined : await peekGuestLink(tx, bookingId) };
    },

    /**
     * Checkout's way in to paying: the booking locked (so two requests for one booking take turns), with its
     * open payment intent if it has one and how many intents it was ever given (the next one's key).
     */
    async openPayment(tx: DbOrTx, bookingId: string): Promise<{ booking: BookingRow; open: IntentRow | undefined; attempts: number }> {
      const booking = await lock(tx, bookingId);
      const rows = await tx.select().from(bookingPayments).where(eq(bookingPayments.bookingId, bookingId));
      // Only card intents count: cash and refunds are rows of the ledger too.
      const intents = rows.filter((row): row is IntentRow => row.intentId !== null && row.provider !== null && row.kind !== 'refund');
      return { booking, open: intents.find((row) => row.status === 'open'), attempts: intents.length };
    },

    /** The payment intent that will pay for the booking (recorded when checkout creates it): its one open intent. */
    async attachPayment(tx: DbOrTx, bookingId: string, _actor: BookingActor, payment: { intentId: string; provider: string; amountCents: number }): Promise<void> {
      await recordIntent(tx, bookingId, { ...payment, kind: 'full', method: 'card' }, 'open');
      await write(tx, bookingId, { paymentIntentId: payment.intentId, paymentProvider: payment.provider, updatedAt: ctx.now() });
      await emit(tx, [{ bookingId, kind: 'payment_opened', payload: { provider: payment.provider, amountCents: payment.amountCents } }]);
    },

    /** An open intent the provider cancelled (checkout replaces it): it can no longer be paid. */
    async cancelPayment(tx: DbOrTx, bookingId: string, payment: { intentId: string; provider: string; amountCents: number }): Promise<void> {
      await recordIntent(tx, bookingId, payment, 'canceled');
    },

    /**
     * After `markPaid` answered `duplicate`: the second payment goes back at once and the booking's history
     * says so; the booking keeps the payment it had. False when this payment was already refunded (a
     * repeated report of it), so the caller reports each duplicate once.
     */
    async refundDuplicatePayment(tx: DbOrTx, bookingId: string, actor: BookingActor, payment: { intentId: string; provider: string; amountCents: number }): Promise<boolean> {
      const booking = await lock(tx, bookingId);
      const charge = await settledCharge(tx, bookingId, payment);
      if (await wasRefunded(tx, bookingId, charge.id)) return false;
      await refundCharge(ctx, tx, charge, charge.amountCents);
      await record(tx, bookingId, { status: booking.status, kind: 'duplicate_payment_refunded', params: { by: actor.role, amountCents: payment.amountCents } });
      return true;
    },

    /** After `markPaid` answered `slot_taken` and the money went back: the booking stays cancelled, marked refunded. */
    async refundLatePayment(tx: DbOrTx, bookingId: string, actor: BookingActor, payment: { intentId: string; provider: string; amountCents: number }): Promise<void> {
      const booking = await lock(tx, bookingId);
      assertTransition(actor, booking.status, 'cancelled');
      // A link payment for an appointment the business cancelled meanwhile says so, not that a hold ended.
      const cancelledMeanwhile = booking.status === 'cancelled' && booking.paymentStatus === 'link_sent';
      await write(tx, bookingId, { status: 'cancelled', paymentIntentId: payment.intentId, paymentProvider: payment.provider, updatedAt: ctx.now() });
      // The caller gave the money back at the provider already: the ledger records the charge and its refund.
      const charge = await settledCharge(tx, bookingId, payment);
      if (!(await wasRefunded(tx, bookingId, charge.id))) await insertEntry(tx, { bookingId, kind: 'refund', method: charge.method, amountCents: charge.amountCents, provider: payment.provider, refundOf: charge.id });
      await settleLedger(tx, booking);
      await record(tx, bookingId, { status: 'cancelled', kind: 'late_payment_refunded', ...(cancelledMeanwhile ? { params: { reason: 'cancelled' } } : {}) });
    },

    /**
     * Money taken by hand for a booking (cash, check, a card reader) by its assigned driver or the office: a
     * ledger row (`on_site`, or `balance` after a deposit, or a `tip`), the payment column from the ledger and
     * a `payment_collected` update (the "Payment received" e-mail). More than is left to pay is refused unless
     * it is a tip. The same Idempotency-Key again answers the row it made, never a second one.
     */
    async collectPayment(
      tx: DbOrTx,
      bookingId: string,
      actor: BookingActor,
      input: { amountCents: number; method: CollectMethod; tip: boolean; note: string | null; idempotencyKey: string },
    ): Promise<{ entry: LedgerEntry; summary: LedgerSummary; replayed: boolean }> {
      const booking = await lock(tx, bookingId);
      if (booking.isBlocked) throw new AppError('BOOKING_NOT_FOUND', NOT_FOUND_MESSAGE);
      if (actor.role !== 'admin' && (actor.role !== 'driver' || booking.assignedDriverId !== actor.userId)) throw new AppError('NOT_YOUR_BOOKING', 'This booking is not assigned to you');
      const earlier = await findEntryByKey(tx, input.idempotencyKey);
      if (earlier) return replayOf(tx, booking, earlier, { amountCents: input.amountCents, bookingId });
      if (booking.status === 'pending' || booking.status === 'cancelled') {
        throw new AppError('BOOKING_NOT_COLLECTABLE', 'A payment can only be recorded on a confirmed, under way or finished booking.', { status: booking.status });
      }
      const before = (await summaryOf(tx, bookingId, toCents(booking.totalAmount))).summary;
      if (!input.tip && input.amountCents > before.balanceCents) {
        throw new AppError('AMOUNT_OVER_BALANCE', 'That is more than is left to pay. Record the extra as a tip.', { balanceCents: before.balanceCents });
      }
      const entry = await insertEntry(tx, {
        bookingId,
        kind: collectedKind(input.tip, before.paidCents),
        method: input.method,
        amountCents: input.amountCents,
        recordedBy: actor.userId ?? null,
        technicianId: input.tip ? booking.assignedDriverId : null,
        createdAt: ctx.now(),
        note: input.note,
        idempotencyKey: input.idempotencyKey,
      });
      const summary = await settleLedger(tx, booking);
      await record(tx, bookingId, {
        status: booking.status,
        kind: 'payment_collected',
        params: { amountCents: input.amountCents, method: input.method, tip: input.tip, by: actor.role },
        driverId: actor.role === 'driver' ? (actor.userId ?? null) : null,
      });
      return { entry, summary, replayed: false };
    },

    /**
     * The customer's tip paid by card after the job (decision 058): one `tip` row for the intent, recorded
     * for the booking's technician (its assigned driver), and a `payment_collected` update (the "Payment
     * received" e-mail). The same intent again answers the row it made. A tip before completion or on a
     * booking refunded in full is refused (the caller gives the money back).
     */
    async recordCardTip(
      tx: DbOrTx,
      bookingId: string,
      actor: BookingActor,
      payment: { intentId: string; provider: string; amountCents: number; method: 'card' | 'saved_card' },
    ): Promise<{ entry: LedgerEntry; replayed: boolean }> {
      const booking = await lock(tx, bookingId);
      const earlier = await findPayment(tx, payment.provider, payment.intentId);
      if (earlier?.status === 'succeeded') return { entry: earlier, replayed: true };
      const before = (await summaryOf(tx, bookingId, toCents(booking.totalAmount))).summary;
      assertTippable(booking, before.state);
      const entry = await insertEntry(tx, {
        bookingId,
        kind: 'tip',
        method: payment.method,
        amountCents: payment.amountCents,
        provider: payment.provider,
        intentId: payment.intentId,
        recordedBy: actor.userId ?? null,
        technicianId: booking.assignedDriverId,
        createdAt: ctx.now(),
        idempotencyKey: `tip:${payment.provider}:${payment.intentId}`,
      });
      await settleLedger(tx, booking);
      await record(tx, bookingId, { status: booking.status, kind: 'payment_collected', params: { amountCents: payment.amountCents, method: payment.method, tip: true, by: actor.role } });
      return { entry, replayed: false };
    },

    /**
     * The office gives back part or all of what was paid and not yet refunded, with a reason: card money
     * through the provider, money taken by hand recorded as handed back. More than is refundable is 409.
     * The same Idempotency-Key again answers the refund it made.
     */
    async refundPayment(
      tx: DbOrTx,
      bookingId: string,
      actor: BookingActor,
      input: { amountCents: number; reason: string; idempotencyKey: string },
    ): Promise<{ entry: LedgerEntry; summary: LedgerSummary; replayed: boolean }> {
      if (actor.role !== 'admin') throw new AppError('FORBIDDEN', 'Only the business can refund a payment');
      const booking = await lock(tx, bookingId);
      if (booking.isBlocked) throw new AppError('BOOKING_NOT_FOUND', NOT_FOUND_MESSAGE);
      const earlier = await findEntryByKey(tx, refundKey(input.idempotencyKey));
      if (earlier) return replayOf(tx, booking, earlier, { amountCents: input.amountCents, bookingId });
      await adoptBookingIntent(ctx, tx, booking);
      const before = (await summaryOf(tx, bookingId, toCents(booking.totalAmount))).summary;
      if (input.amountCents > before.refundableCents) {
        throw new AppError('REFUND_EXCEEDS_PAID', 'That is more than was paid and not yet refunded.', { refundableCents: before.refundableCents });
      }
      const rows = await refundAmount(ctx, tx, bookingId, input.amountCents, { idempotencyKey: input.idempotencyKey, recordedBy: actor.userId ?? null, note: input.reason });
      const summary = await settleLedger(tx, booking);
      await record(tx, bookingId, { status: booking.status, kind: 'payment_refunded', params: { amountCents: input.amountCents, by: actor.role, text: input.reason }, note: input.reason });
      return { entry: rows[0]!, summary, replayed: false };
    },

    /**
     * Ends an unpaid hold (expired, the card was declined, or the same visitor started a new checkout of the
     * same service): cancelled, capacity free, the payment stays unpaid and the update says why. False for a
     * booking that is paid or no longer pending.
     */
    async release(tx: DbOrTx, bookingId: string, actor: BookingActor, reason: 'expired' | 'declined' | 'replaced'): Promise<boolean> {
      const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
      if (!booking || booking.status !== 'pending' || booking.paymentStatus === 'paid') return false;
      assertTransition(actor, booking.status, 'cancelled');
      const now = ctx.now();
      await write(tx, bookingId, { status: 'cancelled', cancelledAt: now, updatedAt: now });
      await record(tx, bookingId, reason === 'declined' ? { status: 'cancelled', kind: 'payment_declined' } : { status: 'cancelled', kind: 'hold_expired', ...(reason === 'replaced' ? { params: { reason } } : {}) });
      await takeGuestLink(tx, bookingId);
      return true;
    },

    /**
     * The customer cancels (the self-service time rule is the caller's, with its own words). A paid booking
     * is refunded as the last step before commit: if the refund fails, nothing is saved.
     */
    async cancel(
      tx: DbOrTx,
      bookingId: string,
      actor: BookingActor,
      note: string | null = null,
      options: { selfService?: { acceptFeeCents?: number } } = {},
    ): Promise<{ refunded: boolean; creditRestored: boolean; feeCents: number; refundedCents?: number }> {
      const booking = await lock(tx, bookingId);
      if (booking.status === 'cancelled') throw refuse(booking.status, 'cancelled', 'This booking is already cancelled');
      assertTransition(actor, booking.status, 'cancelled');
      // The customer's own cancellation follows the policy (decision 057): a fee is kept only once they saw it and accepted it.
      let lateFeeCents = 0;
      if (options.selfService) {
        const quote = await cancelQuote(ctx, tx, booking);
        if (quote.feeCents > 0 && options.selfService.acceptFeeCents !== quote.feeCents) {
          throw new AppError('LATE_CANCEL_FEE_UNCONFIRMED', 'Cancelling now costs a late-cancellation fee. Please review it and confirm.', { feeCents: quote.feeCents, refundCents: quote.refundCents });
        }
        lateFeeCents = quote.feeCents;
      }
      return cancelLocked(tx, booking, actor, note, lateFeeCents);
    },

    /**
     * The office marks a booking whose customer was not there (decision 057): a confirmed or under-way booking
     * whose time has come becomes cancelled with its `no_show_at`. With `chargeFee` (only on a booking whose
     * customer agreed to the policy) the no-show fee is kept from what was paid, the rest given back, and the
     * shortfall charged to the card kept for later; without it everything paid goes back. Marked once: a repeat
     * answers `replayed` and moves no money.
     */
    async markNoShow(tx: DbOrTx, bookingId: string, actor: BookingActor, input: { chargeFee: boolean }) {
      const booking = await lock(tx, bookingId);
      if (booking.isBlocked) throw new AppError('BOOKING_NOT_FOUND', NOT_FOUND_MESSAGE);
      if (actor.role !== 'admin') throw new AppError('FORBIDDEN', 'Only the office marks a no-show');
      const none = { feeCents: 0, keptCents: 0, chargedCents: 0, uncollectedCents: 0, refundedCents: 0 };
      if (booking.noShowAt) return { ...none, noShowAt: booking.noShowAt, replayed: true };
      const now = ctx.now();
      if (booking.status === 'pending' || booking.status === 'cancelled' || booking.status === 'completed' || booking.scheduledDate.getTime() > now.getTime()) {
        throw new AppError('NO_SHOW_NOT_ALLOWED', 'Only a confirmed booking whose time has come can be marked as a no-show.', { status: booking.status });
      }
      if (input.chargeFee && !booking.policyConsentAt) throw new AppError('NO_POLICY_CONSENT', 'The customer did not agree to the cancellation policy on this booking, so no fee can be charged.');
      await write(tx, booking.id, { status: 'cancelled', cancelledAt: now, noShowAt: now, updatedAt: now });
      const money = { ...none };
      if (input.chargeFee) {
        money.feeCents = await noShowFeeCents(tx, booking);
        const kept = await keepFeeAndRefund(ctx, tx, booking, money.feeCents, { note: 'No-show fee', recordedBy: actor.userId ?? null });
        money.keptCents = kept.keptCents;
        money.refundedCents = kept.refundedCents;
        money.chargedCents = await chargeFeeToKeptCard(ctx, tx, booking, money.feeCents - kept.keptCents, 'no_show');
        money.uncollectedCents = money.feeCents - money.keptCents - money.chargedCents;
      } else {
        await adoptBookingIntent(ctx, tx, booking);
        const before = (await summaryOf(tx, booking.id, toCents(booking.totalAmount))).summary.refundedCents;
        if (await refundCancelledBooking(ctx, tx, booking)) money.refundedCents = (await summaryOf(tx, booking.id, toCents(booking.totalAmount))).summary.refundedCents - before;
        await restorePackageCredit(ctx, tx, booking);
      }
      await settleLedger(tx, booking);
      const taken = money.keptCents + money.chargedCents;
      await record(tx, booking.id, { status: 'cancelled', kind: 'no_show', params: { by: actor.role, feeCents: taken, refundedCents: money.refundedCents } }, { from: booking.status });
      return { ...money, feeCents: taken, noShowAt: now, replayed: false };
    },

    /** The admin's status selector: any status the table allows; cancelling is `cancel` (a paid booking is refunded). */
    async setStatus(tx: DbOrTx, bookingId: string, actor: BookingActor, to: BookingStatus, note: string | null): Promise<{ from: BookingStatus; refunded: boolean }> {
      const booking = await lock(tx, bookingId);
      if (!canTransition(actor.role, booking.status, to, booking.paymentStatus)) {
        if (booking.paymentStatus === 'refunded') {
          throw new AppError('BOOKING_REFUNDED', 'This booking was refunded, so it cannot be made active again. Book a new appointment (it takes a new payment).', { from: booking.status, to });
        }
        throw refuse(booking.status, to);
      }
      // Cancelling from the status menu is the Cancel button's verb: the same refund, history and feeds.
      if (to === 'cancelled' && booking.status !== 'cancelled') return { from: booking.status, ...(await cancelLocked(tx, booking, actor, note)) };
      await write(tx, bookingId, {
        status: to,
        cancelledAt: to === 'cancelled' ? ctx.now() : null,
        holdExpiresAt: to === 'pending' ? booking.holdExpiresAt : null,
        updatedAt: ctx.now(),
      });
      await record(tx, bookingId, { status: to, kind: 'status_changed', params: { status: to, by: actor.role, refunded: false }, note }, { from: booking.status });
      await assignOnConfirm(tx, { ...booking, status: to });
      return { from: booking.status, refunded: false };
    },

    /** The assigned driver moves the booking one step along the job's path, never anywhere else. */
    async advance(tx: DbOrTx, bookingId: string, actor: BookingActor, to: BookingStatus, extra: { note?: string | null; location?: UpdateLocation | null } = {}): Promise<BookingRow> {
      const booking = await lock(tx, bookingId);
      if (booking.isBlocked) throw new AppError('BOOKING_NOT_FOUND', NOT_FOUND_MESSAGE);
      if (booking.assignedDriverId !== actor.userId) throw new AppError('NOT_YOUR_BOOKING', 'This booking is not assigned to you');
      // A cancelled or finished job says so (the office may have cancelled it while the driver's page was open).
      if (booking.status === 'cancelled' || booking.status === 'completed') assertDriverMayAct(booking, actor);
      const next = driverNextStep(booking.serviceType, booking.status);
      if (!next) throw refuse(booking.status, to, `A booking that is ${booking.status} has no next driver step`);
      if (to !== next) throw refuse(booking.status, to, `This booking can only move from ${booking.status} to ${next}`);
      assertTransition(actor, booking.status, to);
      const now = ctx.now();
      await write(tx, bookingId, { status: to, updatedAt: now, ...(to === 'picked_up' ? { pickupTime: now } : {}) });
      await record(tx, bookingId, {
        status: to,
        kind: 'status_changed',
        params: { status: to, by: 'driver', serviceType: booking.serviceType },
        note: extra.note ?? null,
        driverId: actor.userId ?? null,
        location: extra.location ?? null,
      }, { from: booking.status });
      return { ...booking, status: to };
    },

    /**
     * The driver's (or an admin's) message to the customer: an update of its own on the tracking page, the
     * status unchanged. At most DRIVER_NOTE_LIMIT per booking in DRIVER_NOTE_WINDOW_MINUTES, counted from the
     * stored notes under the row lock, so every app instance enforces the one limit.
     */
    async postDriverNote(tx: DbOrTx, bookingId: string, actor: BookingActor, text: string): Promise<BookingUpdateRow> {
      const booking = await lock(tx, bookingId);
      assertDriverMayAct(booking, actor);
      const [recent] = await tx
        .select({ value: count() })
        .from(bookingUpdates)
        .where(
          and(
            eq(bookingUpdates.bookingId, bookingId),
            eq(bookingUpdates.kind, 'driver_note'),
            gt(bookingUpdates.createdAt, sql`now() - make_interval(mins => ${DRIVER_NOTE_WINDOW_MINUTES})`),
          ),
        );
      if ((recent?.value ?? 0) >= DRIVER_NOTE_LIMIT) {
        throw new AppError('DRIVER_NOTE_LIMIT', `At most ${DRIVER_NOTE_LIMIT} messages per job in ${DRIVER_NOTE_WINDOW_MINUTES} minutes. Call the customer if it is urgent.`, {
          limit: DRIVER_NOTE_LIMIT,
          minutes: DRIVER_NOTE_WINDOW_MINUTES,
        });
      }
      return record(tx, bookingId, { status: booking.status, kind: 'driver_note', params: { by: actor.role, text }, note: text, driverId: actor.userId ?? null });
    },

    /**
     * The one move-or-edit path, whoever asks (the customer's reschedule, the admin's booking editor, the
     * schedule's appointment and block editors). Under the row lock it decides: a new slot or a new length
     * is a move, which claims the new time with the booking's own place freed first (shrinking frees time,
     * growing takes it, 409 when the added time is full) and records `rescheduled`; the same slot and
     * length is an edit, which claims nothing (so editing notes never trips over today's count), is the
     * business's alone and records `details_updated`. Blocked time records nothing. A closed booking is
     * refused either way, before any claim.
     */
    async change(tx: DbOrTx, bookingId: string, actor: BookingActor, change: BookingChange): Promise<{ moved: boolean }> {
      const booking = await lock(tx, bookingId);
      const durationMinutes = change.details?.durationMinutes ?? booking.durationMinutes;
      const moved = change.slotId !== slotIdOf(booking) || durationMinutes !== booking.durationMinutes;
      if (!moved) {
        if (actor.role !== 'admin') throw refuse(booking.status, booking.status, 'Only the business can edit a booking');
        assertBookingOpen(booking, 'edited');
        await write(tx, bookingId, { ...change.details, updatedAt: ctx.now() });
        if (!booking.isBlocked) await record(tx, bookingId, { status: booking.status, kind: 'details_updated', params: { by: change.by } });
        else await emit(tx, [{ bookingId, kind: 'details_updated', payload: { status: booking.status, blocked: true, by: change.by } }]);
        return { moved };
      }
      assertBookingOpen(booking, 'moved');
      if (!canReschedule(actor.role, booking.status)) throw refuse(booking.status, booking.status, `A booking that is ${booking.status} cannot be rescheduled`);
      const { overridden, ...time } = await claim(tx, actor, { slotId: change.slotId, durationMinutes, excludeBookingId: bookingId, override: change.override, job: changedPlace(booking, change.details) });
      const conflict = change.check ? await change.check(tx, { ...booking, ...change.details }, { slotId: change.slotId, durationMinutes, driverId: booking.assignedDriverId }) : null;
      await write(tx, bookingId, {
        ...change.details,
        ...time,
        ...(change.clearTimes ? { pickupTime: null, returnEta: null } : {}),
        updatedAt: ctx.now(),
      });
      if (booking.isBlocked) {
        await emit(tx, [{ bookingId, kind: 'rescheduled', payload: { status: booking.status, blocked: true, date: time.businessDate, scheduledDate: time.scheduledDate.toISOString() } }]);
        return { moved };
      }
      await record(tx, bookingId, {
        status: booking.status,
        kind: 'rescheduled',
        params: { by: change.by, date: time.businessDate, time: slotIdOf(time).slice(11), scheduledDate: time.scheduledDate.toISOString(), ...(change.reason ? { reason: change.reason } : {}), ...(overridden ? { override: overridden } : {}), ...conflict },
      });
      return { moved };
    },

    /**
     * The dispatch board's move (decision 056): a booking to a technician (or none) and a start, in one step.
     * Under the booking's lock and the target day's lock (a claim takes it when the time changes) the check
     * runs against the technician's day; a new time records `rescheduled` (the customer is told), a new
     * technician `driver_assigned`, each carrying what an override went past.
     */
    async dispatch(tx: DbOrTx, bookingId: string, actor: BookingActor, move: DispatchMove): Promise<{ moved: boolean; reassigned: boolean }> {
      const booking = await lock(tx, bookingId);
      if (booking.isBlocked) throw new AppError('BOOKING_NOT_FOUND', NOT_FOUND_MESSAGE);
      const moved = move.slotId !== slotIdOf(booking);
      const reassigned = (move.driver?.id ?? null) !== booking.assignedDriverId;
      // A finished job may still be credited to its driver; a cancelled one goes to nobody new, and neither moves.
      if (moved) assertBookingOpen(booking, 'moved');
      else if (move.driver && booking.status === 'cancelled') assertBookingOpen(booking, 'given a driver');
      let time: StaffClaimedTime | null = null;
      if (moved) {
        if (!canReschedule(actor.role, booking.status)) throw refuse(booking.status, booking.status, `A booking that is ${booking.status} cannot be rescheduled`);
        time = await claim(tx, actor, { slotId: move.slotId, durationMinutes: booking.durationMinutes, excludeBookingId: bookingId, override: move.override, job: changedPlace(booking, undefined) });
      } else await lockBusinessDay(tx, booking.businessDate);
      const conflict = move.driver && (moved || reassigned) && !isClosedBooking(booking.status) ? await move.check(tx, booking, { slotId: move.slotId, durationMinutes: booking.durationMinutes, driverId: move.driver.id }) : null;
      if (!moved && !reassigned) return { moved, reassigned };
      const when = time ? { scheduledDate: time.scheduledDate, businessDate: time.businessDate } : {};
      await write(tx, bookingId, { ...when, assignedDriverId: move.driver?.id ?? null, ...(moved ? { pickupTime: null, returnEta: null } : {}), updatedAt: ctx.now() });
      if (time) {
        await record(tx, bookingId, {
          status: booking.status,
          kind: 'rescheduled',
          params: { by: 'admin', date: time.businessDate, time: slotIdOf(time).slice(11), scheduledDate: time.scheduledDate.toISOString(), ...(move.by === 'plan' ? { plan: true } : {}), ...(time.overridden ? { override: time.overridden } : {}), ...(reassigned ? {} : conflict) },
        });
      }
      if (reassigned) {
        await record(tx, bookingId, {
          status: booking.status,
          kind: move.driver ? 'driver_assigned' : 'driver_unassigned',
          params: move.driver ? { driverName: move.driver.fullName, ...conflict } : {},
          driverId: move.driver?.id ?? null,
        }, { previousDriverId: booking.assignedDriverId });
      }
      return { moved, reassigned };
    },

    /** Takes the business day's lock in the caller's transaction (Plan day reads the day under it before moving). */
    lockDay: (tx: DbOrTx, dateKey: string): Promise<void> => lockBusinessDay(tx, dateKey),

    /** Assigns a driver (null unassigns): an update and its event, which also tells the drivers' pages live. */
    async assignDriver(tx: DbOrTx, bookingId: string, _actor: BookingActor, driver: { id: string; fullName: string } | null): Promise<BookingRow> {
      const booking = await lock(tx, bookingId);
      // A cancelled job goes nowhere: no driver is sent to it (its driver, if any, stays on record).
      if (driver && booking.status === 'cancelled') assertBookingOpen(booking, 'given a driver');
      await write(tx, bookingId, { assignedDriverId: driver?.id ?? null, updatedAt: ctx.now() });
      await record(tx, bookingId, {
        status: booking.status,
        kind: driver ? 'driver_assigned' : 'driver_unassigned',
        params: driver ? { driverName: driver.fullName } : {},
        driverId: driver?.id ?? null,
      }, { previousDriverId: booking.assignedDriverId });
      return booking;
    },

    /** The customer's review: once, when completed. */
    async review(tx: DbOrTx, bookingId: string, _actor: BookingActor, input: { rating: number; review: string | null }): Promise<BookingRow> {
      const booking = await lock(tx, bookingId);
      if (booking.status !== 'completed') throw new AppError('REVIEW_NOT_ALLOWED', 'Only completed bookings can be reviewed');
      if (booking.rating !== null) throw new AppError('ALREADY_REVIEWED', 'You have already reviewed this booking');
      await write(tx, bookingId, { rating: input.rating, review: input.review, reviewedAt: ctx.now() });
      await record(tx, bookingId, { status: booking.status, kind: 'reviewed', params: { rating: input.rating } });
      return booking;
    },

    /** A fresh shareable link; a guest booking's kept link follows it, so later e-mails carry the new one. */
    async issueTrackingLink(tx: DbOrTx, bookingId: string): Promise<string> {
      const token = await issueTrackingToken(tx, bookingId);
      await tx.update(guestLinkTokens).set({ token }).where(eq(guestLinkTokens.bookingId, bookingId));
      await emit(tx, [{ bookingId, kind: 'tracking_link_issued', payload: {} }]);
      return token;
    },

    /**
     * The guest's plain token, kept while the guest booking lives so the confirmation and every status
     * e-mail carry the link the guest holds (an idempotent replay hands it out again too).
     */
    peekGuestLink,

    /**
     * A guest's booking joins the account the guest just made from it (the caller checked the guest's
     * tracking token): its history follows, being keyed by the booking. False when it already has an owner.
     */
    async linkToAccount(tx: DbOrTx, bookingId: string, userId: string): Promise<boolean> {
      const booking = await lock(tx, bookingId);
      if (booking.userId || !booking.guestEmail) return false;
      await write(tx, bookingId, { userId });
      await emit(tx, [{ bookingId, kind: 'linked_to_account', payload: { userId } }]);
      // Later e-mails go to the account, whose owner signs in: the guest's kept link is no longer needed.
      await takeGuestLink(tx, bookingId);
      return true;
    },

    /**
     * Two clients found to be one person (docs/decisions/039-clients.md): every booking of `fromClientId`
     * now belongs to `intoClientId`. The caller merges the client rows in the same transaction. Answers how
     * many bookings moved.
     */
    async reassignClient(tx: DbOrTx, fromClientId: string, intoClientId: string): Promise<number> {
      const rows = await tx.update(bookings).set({ clientId: intoClientId }).where(eq(bookings.clientId, fromClientId)).returning({ id: bookings.id });
      return rows.length;
    },

    /**
     * Erasure of a person (decision 032): on every booking of theirs — their account's, their clients' (then unlinked), and any made under
     * one of their e-mail addresses — the name, e-mail, phone, free text (notes, vehicle, gate code, review,
     * typed update notes) and the street and map position go; city, state and ZIP, amounts, dates and
     * statuses stay for the books. Guest links of those bookings are dropped. Answers the bookings' ids.
     */
    async forgetCustomer(tx: DbOrTx, person: { userId: string | null; emails: readonly string[]; clientIds?: readonly string[] }): Promise<string[]> {
      const emails = [...new Set(person.emails.map((e) => e.toLowerCase()))];
      const clientIds = [...(person.clientIds ?? [])];
      const theirs = or(
        person.userId ? eq(bookings.userId, person.userId) : undefined,
        emails.length ? inArray(sql`lower(${bookings.guestEmail})`, emails) : undefined,
        clientIds.length ? inArray(bookings.clientId, clientIds) : undefined,
      );
      if (!theirs) return [];
      const rows = await tx
        .update(bookings)
        .set({
          guestName: null,
          guestEmail: null,
          guestPhone: null,
          notes: null,
          vehicle: null,
          accessNotes: null,
          review: null,
          addressStreet: null,
          latitude: null,
          longitude: null,
          clientId: null,
        })
        .where(and(theirs, eq(bookings.isBlocked, false)))
        .returning({ id: bookings.id, businessDate: bookings.businessDate });
      const ids = rows.map((r) => r.id);
      if (!ids.length) return ids;
      ctx.caches.slotDays.touch(rows.map((r) => r.businessDate));
      await tx
        .update(bookingUpdates)
        .set({ message: null, params: sql`${bookingUpdates.params} - 'text'`, location: null })
        .where(inArray(bookingUpdates.bookingId, ids));
      await tx.delete(guestLinkTokens).where(inArray(guestLinkTokens.bookingId, ids));
      await emit(tx, ids.map((id) => ({ bookingId: id, kind: 'forgotten' as const, payload: {} })));
      return ids;
    },
  };
}

/** A fresh tracking link: only its hash is stored (an earlier link stops working); the plain token is returned. */
export async function issueTrackingToken(tx: DbOrTx, bookingId: string): Promise<string> {
  const { token, hash } = newToken();
  await tx.update(bookings).set({ trackingTokenHash: hash }).where(eq(bookings.id, bookingId));
  return token;
}

export type BookingVerbs = ReturnType<typeof bookingVerbs>;

/** An update's params as event facts: ids and small values, without free text or a person's name. */
function eventFacts(params: UpdateParams): BookingEventPayload {
  const { text: _text, driverName: _driverName, ...facts } = params;
  return facts;
}
