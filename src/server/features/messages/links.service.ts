import { eq } from 'drizzle-orm';
import { slotIdOf } from '../../../shared/booking-lifecycle';
import type { ManagedBooking } from '../../../shared/schemas/messages';
import type { CancelQuote } from '../../../shared/schemas/policy';
import type { slotCandidate } from '../../../shared/schemas/services';
import type { z } from 'zod';
import { changeDeadline, selfServiceBlock } from '../../../shared/self-service';
import type { AppContext } from '../../context';
import { linkSecret, verifyLink, type LinkPurpose } from '../../crypto/signed-links';
import { bookings as bookingsTable } from '../../db/schema';
import { AppError } from '../../errors';
import { deliverAfterCommit } from '../../events/booking-events';
import { assertChangeable, bookingVerbs, cancelQuote, countMoves, findBooking, findBookingView, mailSelfServiceCancellation, mailSelfServiceMove, type BookingActor } from '../bookings';
import { recomputeServiceRating } from '../services';
import { openStarts } from '../slots';

/**
 * What the signed links in a customer's messages open (decision 050), with no account: "Manage booking"
 * (see it, cancel or reschedule within the self-service policy, exactly as the account's pages do) and the
 * one-tap rating. The token names its booking and its purpose; the actor is the booking's customer.
 */

const INVALID = 'This link is not valid. Please use the link in your latest message, or call us.';
const EXPIRED = 'This link has expired. Please call us about your booking.';

export async function openLink(ctx: AppContext, token: string, purpose: LinkPurpose): Promise<string> {
  const check = verifyLink(await linkSecret(ctx.db), token, purpose, ctx.now());
  if (check.ok) return check.bookingId;
  if (check.reason === 'expired') throw new AppError('MESSAGE_LINK_EXPIRED', EXPIRED);
  throw new AppError('MESSAGE_LINK_INVALID', INVALID, { reason: check.reason });
}

export async function viewOf(ctx: AppContext, bookingId: string) {
  const view = await findBookingView(ctx.db, bookingId);
  // A signed link to blocked time or a deleted booking opens nothing.
  if (!view || view.isBlocked) throw new AppError('MESSAGE_LINK_INVALID', INVALID, { reason: 'invalid' });
  return view;
}

export const customerOf = (view: { userId: string | null }): BookingActor => ({ role: 'customer', userId: view.userId });

function managed(ctx: AppContext, view: Awaited<ReturnType<typeof viewOf>>): ManagedBooking {
  return {
    id: view.id,
    serviceName: view.serviceName,
    serviceType: view.serviceType,
    status: view.status,
    scheduledDate: new Date(view.scheduledDate).toISOString(),
    durationMinutes: view.durationMinutes,
    selfServiceBlock: selfServiceBlock(view, ctx.now()),
    changeDeadline: changeDeadline(view.scheduledDate).toISOString(),
    cancelBlock: selfServiceBlock(view, ctx.now(), 'cancel'),
    cancelDeadline: changeDeadline(view.scheduledDate, 'cancel').toISOString(),
    businessPhone: ctx.config.business.phone,
  };
}

/** GET /api/manage/:token */
export async function getManagedBooking(ctx: AppContext, token: string): Promise<ManagedBooking> {
  return managed(ctx, await viewOf(ctx, await openLink(ctx, token, 'manage')));
}

/**
 * GET /api/manage/:token/slots — the free starts of a day for this booking's own job (its length, which
 * covers its vehicles and add-ons) that a technician can reach at its place, without the start it already has.
 * The move itself re-checks everything.
 */
export async function managedBookingSlots(ctx: AppContext, token: string, dateKey: string): Promise<z.infer<typeof slotCandidate>[]> {
  const view = await viewOf(ctx, await openLink(ctx, token, 'manage'));
  const current = slotIdOf({ scheduledDate: new Date(view.scheduledDate), businessDate: view.businessDate });
  // Only starts a technician who does the service can reach at the booking's own place (decision 055).
  const point = view.serviceType === 'serviceLocation' || view.latitude === null || view.longitude === null ? null : { latitude: view.latitude, longitude: view.longitude };
  return (await openStarts(ctx, dateKey, view.durationMinutes, { serviceId: view.serviceId, point })).filter((slot) => slot.id !== current);
}

/** The booking's state inside the changing transaction (the verb then locks the row and checks its move). */
export async function currentFacts(ctx: AppContext, tx: AppContext['db'], id: string) {
  const [row] = await tx.select({ status: bookingsTable.status, scheduledDate: bookingsTable.scheduledDate, businessDate: bookingsTable.businessDate, userId: bookingsTable.userId }).from(bookingsTable).where(eq(bookingsTable.id, id));
  if (!row) throw new AppError('MESSAGE_LINK_INVALID', INVALID, { reason: 'invalid' });
  return row;
}

/** POST /api/manage/:token/cancel — the customer's own cancel, refund and e-mail with the calendar's cancellation. */
export async function cancelManagedBooking(ctx: AppContext, token: string, acceptFeeCents?: number): Promise<{ refunded: boolean; feeCents: number; booking: ManagedBooking }> {
  const id = await openLink(ctx, token, 'manage');
  await viewOf(ctx, id);
  const { refunded, creditRestored, feeCents, refundedCents } = await ctx.db.transaction(async (tx) => {
    const facts = await currentFacts(ctx, tx, id);
    assertChangeable(ctx, facts, 'cancelled');
    // A late cancellation keeps the policy's fee only once the customer saw it and accepted it (decision 057).
    return bookingVerbs(ctx).cancel(tx, id, customerOf(facts), null, { selfService: { acceptFeeCents } });
  });
  await deliverAfterCommit(ctx, id);
  const view = await viewOf(ctx, id);
  await mailSelfServiceCancellation(ctx, view, refunded, Boolean(creditRestored), { feeCents, refundedCents: refundedCents ?? 0 });
  return { refunded, feeCents, booking: managed(ctx, view) };
}

/** GET /api/manage/:token/cancel-preview — what cancelling now keeps and gives back (decision 057). */
export async function previewManagedCancel(ctx: AppContext, token: string): Promise<CancelQuote> {
  const id = await openLink(ctx, token, 'manage');
  await viewOf(ctx, id);
  const booking = await findBooking(ctx.db, id);
  if (!booking) throw new AppError('MESSAGE_LINK_INVALID', INVALID, { reason: 'invalid' });
  return cancelQuote(ctx, ctx.db, booking);
}

/** POST /api/manage/:token/reschedule — the customer's own move, by the same slot rules as their account. */
export async function rescheduleManagedBooking(ctx: AppContext, token: string, slotId: string): Promise<{ booking: ManagedBooking }> {
  const id = await openLink(ctx, token, 'manage');
  await viewOf(ctx, id);
  const sequence = await ctx.db.transaction(async (tx) => {
    const facts = await currentFacts(ctx, tx, id);
    assertChangeable(ctx, facts, 'rescheduled');
    if (slotId === slotIdOf(facts)) throw new AppError('SAME_TIME', 'Your booking is already at that time. Please choose another time.');
    await bookingVerbs(ctx).change(tx, id, customerOf(facts), { slotId, by: 'customer', clearTimes: true });
    return countMoves(tx, id);
  });
  await deliverAfterCommit(ctx, id);
  const view = await viewOf(ctx, id);
  await mailSelfServiceMove(ctx, view, sequence);
  return { booking: managed(ctx, view) };
}

/** GET /api/rate/:token — what the rating page shows. */
export async function getRatable(ctx: AppContext, token: string): Promise<{ serviceName: string; rating: number | null; businessName: string }> {
  const view = await viewOf(ctx, await openLink(ctx, token, 'review'));
  return { serviceName: view.serviceName, rating: view.rating, businessName: ctx.config.business.name };
}

/** POST /api/rate/:token — one tap: the booking's review, once, when completed (the review verb's rules). */
export async function rateBooking(ctx: AppContext, token: string, input: { rating: number; review?: string | null }): Promise<{ rating: number }> {
  const id = await openLink(ctx, token, 'review');
  const view = await viewOf(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await bookingVerbs(ctx).review(tx, id, customerOf(view), { rating: input.rating, review: input.review?.trim() || null });
    await recomputeServiceRating(tx, view.serviceId);
  });
  await deliverAfterCommit(ctx, id);
  return { rating: input.rating };
}
