import { addDaysToKey, dayOfWeek, pacificDateKey, pacificInstant } from '../../../shared/time';
import { TIP_PERCENTS, tipOf, tipRefusal } from '../../../shared/payment-ledger';
import { toCents } from '../../../shared/money';
import type { PublicUser } from '../../../shared/schemas/auth';
import type { z } from 'zod';
import type { TipOffer, TipPayment, tipRequest, TipsWeek } from '../../../shared/schemas/payments';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { deliverAfterCommit } from '../../events/booking-events';
import type { PaymentIntent } from '../../integrations/payments/provider';
import { assertTippable, bookingVerbs, findBooking, summaryOf, tipsByTechnician, toEntryView } from '../bookings';
import { paymentCustomerRef, savedCardsFor, usableCard } from '../payment-methods';
import { findDriverContact, verifyTrackingToken } from '../tracking';

/**
 * Tips from the customer after the job (docs/decisions/058-tips-and-promo-codes.md): offered on the tracking
 * page (the owner, or a guest holding the tracking token) and linked from the completion e-mail; paid with a
 * saved card (charged at once) or the card form, through the same provider as the booking. A tip's intent is
 * not the booking's payment: its metadata says `purpose: tip` and names the booking as `tipForBooking`, and
 * its sink writes one `tip` ledger row for the booking's technician, however many ways its outcome arrives.
 */

const TIP_PURPOSE = 'tip';

export interface TipViewer {
  user?: PublicUser;
  token?: string;
}

export function isTipIntent(intent: Pick<PaymentIntent, 'metadata'>): boolean {
  return intent.metadata?.purpose === TIP_PURPOSE;
}

/** The booking, if the viewer is its customer: the signed-in owner or the holder of its tracking token. */
async function customersBooking(ctx: AppContext, bookingId: string, viewer: TipViewer) {
  const booking = await findBooking(ctx.db, bookingId);
  if (!booking || booking.isBlocked) throw new AppError('BOOKING_NOT_FOUND', 'Booking not found');
  const owner = Boolean(booking.userId && viewer.user?.id === booking.userId);
  if (!owner && !(await verifyTrackingToken(ctx.db, booking.id, viewer.token, ctx.now()))) throw new AppError('NOT_YOUR_BOOKING', 'You can only tip on your own booking');
  return { booking, owner: owner ? viewer.user : undefined };
}

export async function tipOffer(ctx: AppContext, bookingId: string, viewer: TipViewer): Promise<TipOffer> {
  const { booking, owner } = await customersBooking(ctx, bookingId, viewer);
  const serviceTotalCents = toCents(booking.totalAmount);
  const { summary } = await summaryOf(ctx.db, booking.id, serviceTotalCents);
  const technician = booking.assignedDriverId ? await findDriverContact(ctx.db, booking.assignedDriverId) : null;
  return {
    refusal: tipRefusal(booking.status, summary.state),
    serviceTotalCents,
    suggestions: TIP_PERCENTS.map((percent) => ({ percent, amountCents: tipOf(serviceTotalCents, percent) })),
    tippedCents: summary.tipsCents,
    technicianName: technician?.fullName ?? null,
    savedCards: await savedCardsFor(ctx, owner?.id),
  };
}

/**
 * POST /api/bookings/:id/tip: an intent for the tip (a percentage of the service total, worked out here, or
 * an amount). The provider's idempotency key is the caller's key for this booking, so a retried click is the
 * same intent and one charge; a saved card is charged at once and the tip recorded before the answer.
 */
export async function startTip(ctx: AppContext, bookingId: string, viewer: TipViewer, input: z.output<typeof tipRequest>, idempotencyKey: string): Promise<TipPayment> {
  const { booking, owner } = await customersBooking(ctx, bookingId, viewer);
  const serviceTotalCents = toCents(booking.totalAmount);
  assertTippable(booking, (await summaryOf(ctx.db, booking.id, serviceTotalCents)).summary.state);
  const amountCents = input.percent ? tipOf(serviceTotalCents, input.percent) : input.amountCents!;
  if (input.paymentMethodId && !owner) throw new AppError('SIGN_IN_REQUIRED', 'Sign in to pay with a saved card');
  const card = owner && input.paymentMethodId ? await usableCard(ctx, owner.id, input.paymentMethodId) : undefined;
  if (input.paymentMethodId && !card) throw new AppError('PAYMENT_METHOD_NOT_FOUND', 'Payment method not found');
  let intent: PaymentIntent;
  try {
    intent = await ctx.payments.createIntent({
      bookingId: null,
      amountCents,
      currency: 'usd',
      idempotencyKey: `tip-${booking.id}-${idempotencyKey}`,
      receiptEmail: owner?.email ?? booking.guestEmail ?? undefined,
      metadata: { purpose: TIP_PURPOSE, tipForBooking: booking.id, ...(card ? { savedCard: 'true' } : {}) },
      ...(card && owner ? { customerRef: await paymentCustomerRef(ctx, owner), paymentMethodId: card.providerMethodId } : {}),
    });
  } catch (error) {
    console.error('creating a tip payment failed', error);
    throw new AppError('PAYMENT_UNAVAILABLE', 'Unable to initialize payment. Please try again.');
  }
  if (intent.amountCents !== amountCents || intent.metadata?.tipForBooking !== booking.id) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different payment');
  }
  if (card && intent.status !== 'succeeded') {
    const reason = intent.lastError ?? 'Your card was declined.';
    throw new AppError('PAYMENT_DECLINED', reason, { reason });
  }
  return answer(ctx, intent, intent.status === 'succeeded' ? await settleTip(ctx, intent) : null);
}

/** POST /api/bookings/:id/tip/confirm: asks the provider (never the browser) how the card form's tip ended. */
export async function confirmTip(ctx: AppContext, bookingId: string, viewer: TipViewer, paymentIntentId: string): Promise<TipPayment> {
  const { booking } = await customersBooking(ctx, bookingId, viewer);
  let intent: PaymentIntent;
  try {
    intent = await ctx.payments.retrieveIntent(paymentIntentId);
  } catch {
    throw new AppError('PAYMENT_NOT_FOUND', 'Payment not found');
  }
  if (!isTipIntent(intent) || intent.metadata?.tipForBooking !== booking.id) throw new AppError('PAYMENT_MISMATCH', 'This payment does not belong to this booking');
  if (intent.status !== 'succeeded') {
    if (intent.lastError) throw new AppError('PAYMENT_DECLINED', intent.lastError, { reason: intent.lastError });
    throw new AppError('PAYMENT_NOT_COMPLETED', 'Payment has not been completed yet');
  }
  return answer(ctx, intent, await settleTip(ctx, intent));
}

function answer(ctx: AppContext, intent: PaymentIntent, entry: Parameters<typeof toEntryView>[0] | null): TipPayment {
  const shown = entry ? toEntryView(entry) : null;
  return {
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret,
    provider: ctx.payments.name,
    amountCents: intent.amountCents,
    status: intent.status,
    entry: shown && { id: shown.id, kind: shown.kind, method: shown.method, amountCents: shown.amountCents, createdAt: shown.createdAt },
  };
}

/**
 * The sink of a tip's intent (settlePayment hands it every outcome whose metadata says tip): one ledger row
 * per intent. A tip that arrives when it can no longer be taken (the booking was refunded meanwhile) goes
 * back to the card.
 */
export async function settleTip(ctx: AppContext, intent: PaymentIntent) {
  const bookingId = intent.metadata?.tipForBooking;
  if (!bookingId || intent.status !== 'succeeded' || intent.currency !== 'usd') return null;
  const payment = { intentId: intent.id, provider: ctx.payments.name, amountCents: intent.amountCents, method: intent.metadata?.savedCard === 'true' ? ('saved_card' as const) : ('card' as const) };
  try {
    const { entry } = await ctx.db.transaction((tx) => bookingVerbs(ctx).recordCardTip(tx, bookingId, { role: 'customer' }, payment));
    await deliverAfterCommit(ctx, bookingId);
    return entry;
  } catch (error) {
    if (error instanceof AppError && (error.code === 'TIP_NOT_ALLOWED' || error.code === 'TIP_AFTER_REFUND')) await ctx.payments.refund(intent.id, undefined, `tip-refused-${intent.id}`);
    throw error;
  }
}

const mondayOf = (day: string) => addDaysToKey(day, -((dayOfWeek(day) + 6) % 7));

/** GET /api/admin/tips?weekOf=: the week (Monday to Sunday, business time) holding that day, by technician. */
export async function tipsWeek(ctx: AppContext, weekOf: string | undefined): Promise<TipsWeek> {
  const weekStart = mondayOf(weekOf ?? pacificDateKey(ctx.now()));
  const nextStart = addDaysToKey(weekStart, 7);
  const technicians = await tipsByTechnician(ctx.db, pacificInstant(weekStart, '00:00'), pacificInstant(nextStart, '00:00'));
  const thisWeek = mondayOf(pacificDateKey(ctx.now()));
  return {
    weekStart,
    weekEnd: addDaysToKey(weekStart, 6),
    previousWeekOf: addDaysToKey(weekStart, -7),
    nextWeekOf: nextStart <= thisWeek ? nextStart : null,
    totalCents: technicians.reduce((total, row) => total + row.tipsCents, 0),
    technicians,
  };
}
