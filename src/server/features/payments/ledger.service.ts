import type { PublicUser } from '../../../shared/schemas/auth';
import type { z } from 'zod';
import type { BookingLedger, collectPaymentRequest, PaymentRecorded, refundPaymentRequest } from '../../../shared/schemas/payments';
import type { NoShowResult } from '../../../shared/schemas/policy';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { deliverAfterCommit } from '../../events/booking-events';
import { bookingVerbs, findBooking, ledgerView, toEntryView, type BookingActor } from '../bookings';

/**
 * Money recorded by hand and given back (decision 049): the assigned driver or the office collects a
 * payment in the driveway; the office refunds part or all of what was paid. Each runs in one transaction
 * through the booking's verbs, keyed by the caller's Idempotency-Key (scoped to who sent it), and its e-mail
 * goes out with the booking's events before the answer.
 */

const actorOf = (user: PublicUser): BookingActor => ({ role: user.role === 'admin' ? 'admin' : user.role === 'driver' ? 'driver' : 'customer', userId: user.id });

/** A booking the caller may see the money of: any for the office, the assigned one for a driver; anything else reads as unknown. */
async function visibleBooking(ctx: AppContext, user: PublicUser, bookingId: string) {
  const booking = await findBooking(ctx.db, bookingId);
  if (!booking || booking.isBlocked || (user.role !== 'admin' && booking.assignedDriverId !== user.id)) throw new AppError('BOOKING_NOT_FOUND', 'Booking not found');
  return booking;
}

export async function bookingLedgerFor(ctx: AppContext, user: PublicUser, bookingId: string): Promise<BookingLedger> {
  return ledgerView(ctx.db, await visibleBooking(ctx, user, bookingId));
}

export async function collectPayment(ctx: AppContext, user: PublicUser, bookingId: string, input: z.output<typeof collectPaymentRequest>, idempotencyKey: string): Promise<PaymentRecorded> {
  await visibleBooking(ctx, user, bookingId);
  const result = await ctx.db.transaction((tx) =>
    bookingVerbs(ctx).collectPayment(tx, bookingId, actorOf(user), { ...input, idempotencyKey: `collect:${user.id}:${idempotencyKey}` }),
  );
  await deliverAfterCommit(ctx, bookingId);
  return answer(ctx, bookingId, result);
}

export async function refundPayment(ctx: AppContext, user: PublicUser, bookingId: string, input: z.output<typeof refundPaymentRequest>, idempotencyKey: string): Promise<PaymentRecorded> {
  await visibleBooking(ctx, user, bookingId);
  const result = await ctx.db.transaction((tx) =>
    bookingVerbs(ctx).refundPayment(tx, bookingId, actorOf(user), { ...input, idempotencyKey: `refund:${user.id}:${idempotencyKey}` }),
  );
  await deliverAfterCommit(ctx, bookingId);
  return answer(ctx, bookingId, result);
}

async function answer(ctx: AppContext, bookingId: string, result: { entry: Parameters<typeof toEntryView>[0]; replayed: boolean }): Promise<PaymentRecorded> {
  const booking = (await findBooking(ctx.db, bookingId))!;
  return { entry: toEntryView(result.entry), ledger: await ledgerView(ctx.db, booking), replayed: result.replayed };
}

/**
 * POST /api/admin/bookings/:id/no-show — the office marks a customer who was not there (decision 057), with or
 * without the policy's no-show fee; through the booking's verb, in one transaction. Marked once: a repeat
 * (another key, or a retry) answers `replayed` and moves no money; the e-mail follows the `no_show` event.
 */
export async function markNoShow(ctx: AppContext, user: PublicUser, bookingId: string, chargeFee: boolean): Promise<NoShowResult> {
  await visibleBooking(ctx, user, bookingId);
  const result = await ctx.db.transaction((tx) => bookingVerbs(ctx).markNoShow(tx, bookingId, actorOf(user), { chargeFee }));
  await deliverAfterCommit(ctx, bookingId);
  const { noShowAt, ...money } = result;
  return { bookingId, noShowAt: noShowAt.toISOString(), ...money };
}
