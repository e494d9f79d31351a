import { MESSAGE_CHANNELS, type MessageKind } from '../../../shared/schemas/messages';
import { ON_MY_WAY_DEDUPE_MINUTES, PAYMENT_REMINDER_HOURS, REMINDER_KINDS, reminderPlan, REVIEW_REQUEST_DELAY_HOURS } from '../../../shared/message-rules';
import type { AppContext } from '../../context';
import type { BookingEvent, BookingEventSubscriber } from '../../events/booking-events';
import { dropScheduled, rearm, remindersOf, scheduledSince, scheduleMessages, type NewMessage } from './messages.repository';
import { readBusinessSettings } from '../settings';
import { bookingFacts } from './recipient';
import { sendDueMessages } from './send';

const HOUR = 3_600_000;
const EN_ROUTE = new Set(['en_route_pickup', 'en_route_service', 'en_route_return']);
/** The ways a booking ends before it happens: its waiting messages are dropped. */
const ENDINGS = new Set(['cancelled', 'hold_expired', 'payment_declined', 'removed', 'late_payment_refunded']);

const both = (message: Omit<NewMessage, 'channel'>): NewMessage[] => MESSAGE_CHANNELS.map((channel) => ({ ...message, channel }));

/**
 * The customer's messages follow the booking's events (decision 050): a confirmed booking gets its
 * reminders (skipped when booked inside their window), a move moves them, an ending drops what waits, the
 * driver going en route sends "on my way" once per leg (a repeat within 5 minutes is skipped), a
 * completion schedules the review request, an unpaid phone appointment its payment reminder, and the
 * driver's message goes out as it is. What is due now is sent in the same delivery.
 */
export const customerMessagesSubscriber: BookingEventSubscriber = {
  name: 'customer-messages',
  kinds: ['created', 'payment_received', 'package_redeemed', 'payment_link_sent', 'rescheduled', 'status_changed', 'driver_note', ...(['cancelled', 'hold_expired', 'payment_declined', 'removed', 'late_payment_refunded'] as const)],
  wants: ({ kind, payload }) => {
    if (payload.blocked) return false;
    if (kind === 'status_changed') return payload.from !== payload.status && (EN_ROUTE.has(String(payload.status)) || payload.status === 'completed' || payload.status === 'cancelled');
    if (kind === 'created') return payload.by === 'admin' || payload.by === 'store';
    return true;
  },
  async handle(ctx, event) {
    await planMessages(ctx, event);
    await sendDueMessages(ctx, { bookingId: event.bookingId });
  },
};

async function planMessages(ctx: AppContext, event: BookingEvent): Promise<void> {
  const now = ctx.now();
  const { bookingId, payload } = event;
  if (ENDINGS.has(event.kind) || (event.kind === 'status_changed' && payload.status === 'cancelled')) {
    await dropScheduled(ctx.db, bookingId, 'booking cancelled', now);
    return;
  }
  const booking = await bookingFacts(ctx.db, bookingId);
  if (!booking || booking.isBlocked) return;
  switch (event.kind) {
    case 'created':
    case 'payment_received':
    case 'package_redeemed':
      await scheduleMessages(ctx.db, await reminders(ctx, bookingId, booking.scheduledDate), now);
      if (booking.paymentStatus === 'link_sent') await scheduleMessages(ctx.db, paymentReminder(bookingId, booking.scheduledDate, now), now);
      return;
    case 'payment_link_sent':
      await scheduleMessages(ctx.db, paymentReminder(bookingId, booking.scheduledDate, now), now);
      return;
    case 'rescheduled':
      await moveReminders(ctx, bookingId, booking.scheduledDate);
      return;
    case 'status_changed':
      if (payload.status === 'completed') {
        await dropScheduled(ctx.db, bookingId, 'booking completed', now, [...REMINDER_KINDS, 'payment_reminder']);
        await scheduleMessages(ctx.db, both({ bookingId, kind: 'review_request', dueAt: new Date(now.getTime() + REVIEW_REQUEST_DELAY_HOURS * HOUR) }), now);
      } else {
        await onMyWay(ctx, bookingId, String(payload.status));
      }
      return;
    case 'driver_note':
      if (typeof payload.noteId === 'string') await scheduleMessages(ctx.db, both({ bookingId, kind: 'driver_message', leg: payload.noteId, dueAt: now }), now);
      return;
    default:
      return;
  }
}

/** When a reminder goes: `hoursBefore` the start, skipped when switched off (0) or its window has begun. */
function reminderDue(start: Date, hoursBefore: number, now: Date): { dueAt: Date; skipped?: string } {
  const dueAt = new Date(start.getTime() - hoursBefore * HOUR);
  if (hoursBefore === 0) return { dueAt, skipped: 'switched off in settings' };
  return dueAt.getTime() > now.getTime() ? { dueAt } : { dueAt, skipped: 'booked inside the reminder window' };
}

/**
 * The reminders by the business's settings as they are now: a change of the settings applies to bookings
 * confirmed or moved afterwards; messages already scheduled keep their time.
 */
async function reminders(ctx: AppContext, bookingId: string, start: Date): Promise<NewMessage[]> {
  const now = ctx.now();
  const { reminders: settings } = await readBusinessSettings(ctx.db, ['reminders']);
  return reminderPlan(settings).flatMap(({ kind, hoursBefore }) => both({ bookingId, kind, ...reminderDue(start, hoursBefore, now) }));
}

function paymentReminder(bookingId: string, start: Date, now: Date): NewMessage[] {
  const dueAt = new Date(Math.min(now.getTime() + PAYMENT_REMINDER_HOURS * HOUR, start.getTime() - PAYMENT_REMINDER_HOURS * HOUR));
  return both({ bookingId, kind: 'payment_reminder', dueAt, ...(dueAt.getTime() > now.getTime() ? {} : { skipped: 'booked inside the reminder window' }) });
}

/** A move re-arms every reminder for the new time (one already sent is sent again before the new time). */
async function moveReminders(ctx: AppContext, bookingId: string, start: Date): Promise<void> {
  const now = ctx.now();
  const planned = await reminders(ctx, bookingId, start);
  const rows = await remindersOf(ctx.db, bookingId, REMINDER_KINDS);
  for (const row of rows) {
    const next = planned.find((m) => m.kind === row.kind && m.channel === row.channel);
    if (next) await rearm(ctx.db, row.id, next.dueAt, next.skipped ?? null, now);
  }
  // Kinds the booking had no row of yet (none at all, or a reminder switched on since) are scheduled.
  await scheduleMessages(ctx.db, planned, now);
}

async function onMyWay(ctx: AppContext, bookingId: string, leg: string): Promise<void> {
  const now = ctx.now();
  const kind: MessageKind = 'on_my_way';
  const repeat = await scheduledSince(ctx.db, bookingId, kind, new Date(now.getTime() - ON_MY_WAY_DEDUPE_MINUTES * 60_000));
  await scheduleMessages(ctx.db, both({ bookingId, kind, leg, dueAt: now, ...(repeat ? { skipped: `repeat within ${ON_MY_WAY_DEDUPE_MINUTES} minutes` } : {}) }), now);
}
