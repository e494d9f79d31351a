import { BOOKING_STATUSES, type BookingStatus } from './domain';
import { SELF_SERVICE_STATUSES } from './self-service';
import { formatUsd } from './money';
import { parseSlotId } from './slots';
import { formatTime12, pacificDateKey, pacificTimeOfDay } from './time';
import { DRIVER_NEXT_STATUS, MOBILE_NEXT_STATUS, PICKUP_NEXT_STATUS, statusLabel } from './tracking';

/**
 * The life of a booking in one place (docs/decisions/010-booking-lifecycle.md): who may move a booking
 * from which status to which, when a hold still holds, what a slot id is, how a booking is priced, and
 * the closed sets of payment statuses and update kinds. Pure: both sides import it.
 */

export type { BookingStatus } from './domain';
export { BOOKING_STATUSES } from './domain';

export const BOOKING_ACTORS = ['customer', 'driver', 'admin', 'system', 'store'] as const;
export type BookingActorRole = (typeof BOOKING_ACTORS)[number];

/** `link_sent`: unpaid, and the customer was e-mailed a link to pay by card (a phone appointment). */
/**
 * The booking's payment column: the ledger's state (shared/payment-ledger.ts: unpaid, deposit_paid, paid,
 * partially_refunded, refunded), written from the ledger by the lifecycle, or before any money how it is to
 * be paid (on site, by link) and for a paid booking where it was paid (store, package).
 */
export const PAYMENT_STATUSES = ['unpaid', 'deposit_paid', 'paid', 'refunded', 'partially_refunded', 'store', 'package', 'on_site', 'link_sent'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** Where one card payment attempt (a provider's payment intent) stands; Stripe's words, the test provider's too. */
export const PAYMENT_INTENT_STATUSES = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'succeeded', 'canceled', 'failed'] as const;
export type PaymentIntentStatus = (typeof PAYMENT_INTENT_STATUSES)[number];

// ---------------------------------------------------------------------------------------------------------
// The transition table

type Transitions = Partial<Record<BookingStatus, readonly BookingStatus[]>>;

const every = (to: readonly BookingStatus[]): Transitions => Object.fromEntries(BOOKING_STATUSES.map((from) => [from, to]));

/**
 * (from → to) per actor. Derived from what each path allowed before the table existed:
 * - customer: self-service cancel of a booking that has not started (self-service.ts); a reschedule keeps the status.
 * - driver: the one next step of the job's path (tracking.ts DRIVER_NEXT_STATUS).
 * - admin: the status selector sets any status from any status (staff correct mistakes), the same one included (a note).
 * - system: a payment confirms a pending booking, or one whose lapsed hold was released if its time is still
 *   free; an unpaid hold is released (expired or declined); a late payment whose time was taken stays cancelled.
 * - store: a cancelled store order cancels its linked booking while it has not started (the self-service statuses).
 */
export const TRANSITIONS: Record<BookingActorRole, Transitions> = {
  customer: Object.fromEntries([...SELF_SERVICE_STATUSES].map((from) => [from, ['cancelled'] as const])),
  // Both driver paths (pickup and mobile, tracking.ts); `advance` takes the one path of the job's service type.
  driver: Object.fromEntries(
    Object.keys(DRIVER_NEXT_STATUS).map((from) => [
      from,
      [...new Set([PICKUP_NEXT_STATUS[from as BookingStatus], MOBILE_NEXT_STATUS[from as BookingStatus]].filter((to): to is BookingStatus => !!to))],
    ]),
  ),
  admin: every(BOOKING_STATUSES),
  system: { pending: ['confirmed', 'cancelled'], cancelled: ['confirmed', 'cancelled'] },
  store: Object.fromEntries([...SELF_SERVICE_STATUSES].map((from) => [from, ['cancelled'] as const])),
};

/**
 * Money rule on top of the table: once a booking's money went back (refunded), no actor may make it active
 * again — it stays cancelled (a new appointment takes a new payment). `payment` is the booking's payment status.
 */
export const REFUNDED_MAY_BECOME: readonly BookingStatus[] = ['cancelled'];

export function canTransition(actor: BookingActorRole, from: BookingStatus, to: BookingStatus, payment?: PaymentStatus): boolean {
  if (payment === 'refunded' && !REFUNDED_MAY_BECOME.includes(to)) return false;
  return TRANSITIONS[actor][from]?.includes(to) ?? false;
}

/** The driver's one next step for a job of this service type (pickup: the pickup path; mobile and on-site: the mobile path). */
export function driverNextStep(serviceType: string, from: BookingStatus): BookingStatus | undefined {
  return (serviceType === 'pickup' ? PICKUP_NEXT_STATUS : MOBILE_NEXT_STATUS)[from];
}

// ---------------------------------------------------------------------------------------------------------
// Delete or cancel

interface MoneyFacts {
  isBlocked: boolean;
  source: string;
  paymentStatus: string;
  status: string;
  /** A card payment under way (an intent was made for it); the server knows it, the web views do not. */
  paymentIntentId?: string | null;
}

/** Statuses of a job that never started: nothing was done at the customer's car yet. */
export const NOT_STARTED_STATUSES: ReadonlySet<string> = new Set(['pending', 'confirmed', 'pickup_scheduled']);

/**
 * Payment statuses that carry no money yet: nothing paid by card, in the store or by a package credit.
 * `on_site` is money the driver takes at the job, so before the job starts none was collected.
 */
const NO_MONEY: ReadonlySet<string> = new Set(['unpaid', 'link_sent', 'on_site']);

/**
 * Why a booking may not be deleted outright, or null when it may: only blocked time, and an appointment
 * the business made that never started and carries no payment (a link payment under way counts).
 * Anything else is cancelled instead, which keeps the record, follows the refund rules and tells the customer.
 */
export type DeleteRefusal = 'cancelled' | 'started' | 'paid' | 'customer';

export function deleteRefusal(booking: MoneyFacts): DeleteRefusal | null {
  if (booking.isBlocked) return null;
  if (booking.status === 'cancelled') return 'cancelled';
  if (!NOT_STARTED_STATUSES.has(booking.status)) return 'started';
  if (!NO_MONEY.has(booking.paymentStatus) || booking.paymentIntentId) return 'paid';
  if (booking.source !== 'admin') return 'customer';
  return null;
}

export function canDeleteBooking(booking: MoneyFacts): boolean {
  return deleteRefusal(booking) === null;
}

/** Cancelled and completed bookings are closed: nobody moves or edits them (a new appointment is booked instead). */
export function isClosedBooking(status: string): boolean {
  return status === 'cancelled' || status === 'completed';
}

/** What cancelling would do: 'refund' when card money goes back, 'none' when nothing was paid by card, 'already' when cancelled. */
export function cancelOutcome(booking: MoneyFacts): 'refund' | 'none' | 'already' {
  if (booking.status === 'cancelled') return 'already';
  return booking.paymentStatus === 'paid' || booking.paymentStatus === 'deposit_paid' || booking.paymentStatus === 'partially_refunded' ? 'refund' : 'none';
}

/** Every allowed (actor, from, to), for tests and documentation. */
export function allowedTransitions(): Array<{ actor: BookingActorRole; from: BookingStatus; to: BookingStatus }> {
  return BOOKING_ACTORS.flatMap((actor) =>
    Object.entries(TRANSITIONS[actor]).flatMap(([from, tos]) => (tos ?? []).map((to) => ({ actor, from: from as BookingStatus, to }))),
  );
}

/** Who may move a booking to another time without changing its status (the customer within the self-service rule); never a closed one. */
export function canReschedule(actor: BookingActorRole, status: BookingStatus): boolean {
  if (isClosedBooking(status)) return false;
  if (actor === 'admin') return true;
  if (actor === 'customer') return SELF_SERVICE_STATUSES.has(status);
  return false;
}

// ---------------------------------------------------------------------------------------------------------
// Holds

/**
 * A pending booking holds its capacity until holdExpiresAt (no expiry = held). The one statement of the
 * rule; the SQL twin is `holdLapsedSql` in server/features/bookings.
 */
export function holdIsLive(booking: { status: BookingStatus; holdExpiresAt: Date | string | null }, now: Date): boolean {
  return booking.status === 'pending' && (!booking.holdExpiresAt || new Date(booking.holdExpiresAt).getTime() > now.getTime());
}

/**
 * A booking that already occupies its time and waits for the customer to pay by the e-mailed link: the
 * business confirmed it (a phone appointment) and it has not been cancelled or finished.
 */
export function awaitsLinkPayment(booking: { status: BookingStatus; paymentStatus: string }): boolean {
  return booking.paymentStatus === 'link_sent' && booking.status !== 'pending' && booking.status !== 'cancelled' && booking.status !== 'completed';
}

/** The business may (re)send a card payment link for an unpaid appointment it made that is still to come or under way. */
export function canSendPaymentLink(booking: { source: string; isBlocked?: boolean; status: BookingStatus; paymentStatus: string }): boolean {
  if (booking.source !== 'admin' || booking.isBlocked) return false;
  return (booking.paymentStatus === 'unpaid' || booking.paymentStatus === 'link_sent') && booking.status !== 'pending' && booking.status !== 'cancelled' && booking.status !== 'completed';
}

/** A pending booking whose hold ran out: it occupies nothing and shows in no history. */
export function holdLapsed(booking: { status: BookingStatus; holdExpiresAt: Date | string | null }, now: Date): boolean {
  return booking.status === 'pending' && !holdIsLive(booking, now);
}

// ---------------------------------------------------------------------------------------------------------
// Slot ids: "YYYY-MM-DDTHH:mm", a Pacific business day and wall-clock start.

export { parseSlotId };

export function slotIdOf(booking: { businessDate: string; scheduledDate: Date | string }): string {
  return `${booking.businessDate}T${pacificTimeOfDay(new Date(booking.scheduledDate))}`;
}

/** The slot id of an instant (its Pacific day and time). */
export function slotIdAt(instant: Date | string): string {
  const date = new Date(instant);
  return `${pacificDateKey(date)}T${pacificTimeOfDay(date)}`;
}

// ---------------------------------------------------------------------------------------------------------
// Price

// One rule for every price, in ./pricing.ts (the booking start shows it without the rest of the lifecycle).
export { priceBooking, priceJob, storedPrice, type BookingPrice, type JobPrice, type PriceLine } from './pricing';

// ---------------------------------------------------------------------------------------------------------
// Updates: what happened to a booking, as kind + params. The English sentence below is what the API has
// always answered in `message`; the web renders its own words per language from the same kind + params.

export const UPDATE_KINDS = [
  'created',
  'payment_received',
  'package_redeemed',
  'payment_declined',
  'hold_expired',
  'late_payment_refunded',
  /** A second payment for a booking already paid was refunded at once; the booking keeps the first. */
  'duplicate_payment_refunded',
  /** The business e-mailed the customer a link to pay by card (a phone appointment, decision 024). */
  'payment_link_sent',
  /** Money taken by hand (cash, check, card reader) by the driver or the office; params { amountCents, method, tip } (decision 049). */
  'payment_collected',
  /** The business gave back part or all of what was paid; params { amountCents }, the reason as the note. */
  'payment_refunded',
  'status_changed',
  'driver_assigned',
  'driver_unassigned',
  'rescheduled',
  'details_updated',
  'cancelled',
  /** The customer was not there (decision 057): cancelled with its no-show mark; params { feeCents, refundedCents }. */
  'no_show',
  'refunded',
  'reviewed',
  'note',
  /** The driver's message to the customer; the status stays as it was. */
  'driver_note',
] as const;
export type UpdateKind = (typeof UPDATE_KINDS)[number];

/** Flat, JSON-safe values a message needs. `legacy` marks rows written before kinds existed: their note is the whole sentence. */
export type UpdateParams = Record<string, string | number | boolean | null>;

export interface BookingUpdateRecord {
  kind: UpdateKind;
  params: UpdateParams;
  /** Free text someone typed (the admin's or the driver's message), or the whole sentence of a legacy row. */
  note: string | null;
}

const REFUND_SUFFIX = ' A full refund was issued to the card.';
const CREDIT_SUFFIX = ' The prepaid service was returned to the package.';

/** "Tuesday, June 2, 2026 at 1:30 PM (Pacific Time)" */
export function pacificWhenText(instant: Date | string): string {
  const date = new Date(instant);
  const dateKey = pacificDateKey(date);
  const day = new Date(`${dateKey}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  return `${day} at ${formatTime12(pacificTimeOfDay(date))} (Pacific Time)`;
}

const str = (value: UpdateParams[string] | undefined): string => (value == null ? '' : String(value));

/** The English sentence of an update (the API's `message`). */
export function updateMessage({ kind, params, note }: BookingUpdateRecord): string | null {
  if (params.legacy) return note;
  const by = params.by;
  switch (kind) {
    case 'created':
      if (params.orderNumber) return `Booked for store order #${str(params.orderNumber)}, paid in the online store.`;
      return by === 'admin' ? 'Appointment booked by the business.' : (note ?? 'Booking created.');
    case 'payment_received':
      return 'Payment received. Your booking is confirmed.';
    case 'package_redeemed':
      return 'Paid with a prepaid package service. Your booking is confirmed.';
    case 'payment_declined':
      return 'The card payment was declined, so the time was released.';
    case 'hold_expired':
      if (params.reason === 'replaced') return 'A new checkout of the same service was started, so this time was released.';
      return 'The booking was not paid within 15 minutes, so the time was released.';
    case 'payment_link_sent':
      return 'A link to pay by card was sent by e-mail.';
    case 'payment_collected':
      return params.tip ? `Tip received: ${formatUsd(Number(params.amountCents) / 100)}. Thank you!` : `Payment received: ${formatUsd(Number(params.amountCents) / 100)}.`;
    case 'payment_refunded':
      return `Refund issued: ${formatUsd(Number(params.amountCents) / 100)}.${note ? ` ${note}` : ''}`;
    case 'duplicate_payment_refunded':
      return 'A second payment for this booking, already paid, was refunded at once. Only one payment is kept.';
    case 'late_payment_refunded':
      if (params.reason === 'cancelled') return 'Payment arrived after this appointment was cancelled. The payment was refunded.';
      return 'Payment arrived after the hold on this time ended and the time was taken. The payment was refunded.';
    case 'status_changed': {
      const status = str(params.status);
      if (by === 'driver') return note ?? statusLabel(str(params.serviceType), status);
      const text = note ?? `Status updated to ${status.replace(/_/g, ' ')} by the business.`;
      return text + (params.refunded ? REFUND_SUFFIX : '') + (params.creditRestored ? CREDIT_SUFFIX : '');
    }
    case 'cancelled': {
      const who = by === 'admin' ? 'Cancelled by the business.' : by === 'store' ? 'Cancelled because the store order was cancelled.' : 'Cancelled by the customer.';
      // A late cancellation kept its fee (decision 057): the rest, not all, went back.
      const money = params.feeCents ? ` A late-cancellation fee of ${formatUsd(Number(params.feeCents) / 100)} was kept.${params.refunded ? ' The rest was refunded to the card.' : ''}` : params.refunded ? REFUND_SUFFIX : '';
      return `${who}${money}${params.creditRestored ? CREDIT_SUFFIX : ''}`;
    }
    case 'no_show':
      return `Marked as a no-show.${params.feeCents ? ` A no-show fee of ${formatUsd(Number(params.feeCents) / 100)} was charged.` : ''}${params.refundedCents ? ` ${formatUsd(Number(params.refundedCents) / 100)} was refunded to the card.` : ''}`;
    case 'driver_assigned':
      return `Driver assigned: ${str(params.driverName)}`;
    case 'driver_unassigned':
      return 'Driver unassigned';
    case 'rescheduled':
      if (by === 'customer' && params.reason === 'weather') return `Moved by the customer to ${pacificWhenText(str(params.scheduledDate))} because rain was likely.`;
      if (by === 'customer') return `Rescheduled by the customer to ${pacificWhenText(str(params.scheduledDate))}.`;
      if (by === 'schedule') return `Appointment moved to ${str(params.date)} at ${str(params.time)}.`;
      return `Rescheduled to ${str(params.date)} at ${formatTime12(str(params.time))} (Pacific Time).`;
    case 'details_updated':
      return by === 'schedule' ? 'Appointment details updated.' : 'Booking details updated by the business.';
    case 'refunded':
      return 'A full refund was issued to the card.';
    case 'reviewed':
      return `Reviewed: ${str(params.rating)} out of 5.`;
    case 'note':
      return note;
    case 'driver_note':
      return `Message from your detailer: ${note ?? str(params.text)}`;
  }
}
