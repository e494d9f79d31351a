import type Stripe from 'stripe';
import { awaitsLinkPayment, holdIsLive } from '../../../shared/booking-lifecycle';
import { fromCents } from '../../../shared/money';
import { awaitsBalance, nextCardPayment } from '../../../shared/deposits';
import type { PublicUser } from '../../../shared/schemas/auth';
import type { ConfirmPaymentResponse, CreatePaymentIntentRequest, CreatePaymentIntentResponse, TestCardConfirmRequest } from '../../../shared/schemas/checkout';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { bookingNumber } from '../../../shared/format';
import { formatMailDateTime, formatMailMoney, mailTexts } from '../../integrations/mail/mail-texts';
import { renderMail } from '../../integrations/mail/templates';
import { isStripe, isTestProvider, providerInTransaction } from '../../integrations/payments';
import type { CreateIntentInput, PaymentIntent, PaymentProvider } from '../../integrations/payments/provider';
import { subscriptionEventOf, toPaymentIntent } from '../../integrations/payments/stripe-provider';
import { UnknownIntentError } from '../../integrations/payments/test-provider';
import { findBooking, findBookingView, ledgerView } from '../bookings';
import { keepCard, paymentCustomerRef, savedCardsFor, usableCard } from '../payment-methods';
import { bookingVerbs, SYSTEM } from '../bookings';
import { isPackageIntent, settlePackagePayment } from '../packages';
import { applySubscriptionEvent } from '../memberships';
import { verifyTrackingToken } from '../tracking';
import { linkOpens } from '../../crypto/signed-links';
import * as repo from './payments.repository';
import { recordPaymentCompleted } from '../analytics';
import { deliverAfterCommit } from '../../events/booking-events';
import { isTipIntent, settleTip } from './tips.service';

/**
 * Checkout after the hold: paying for a booking. Every way a payment outcome arrives — the Stripe webhook,
 * the built-in provider's card form, the browser's confirm and a saved card charged at once — ends in
 * `settlePayment`, which applies it exactly once (docs/decisions/010-booking-lifecycle.md).
 */

/**
 * POST /api/create-payment-intent: an intent for the booking's own server-computed total (never an amount
 * from the client). Only the booking's customer may pay it: the signed-in owner, or the guest holding its
 * tracking token, or whoever holds the e-mail's signed "pay" link (a phone appointment made for a customer's
 * account is paid without signing in first, decision 047). A booking is paid while its hold is live, or — a phone appointment whose customer was
 * e-mailed a payment link — while it is confirmed and not yet cancelled or finished. A saved card is
 * charged at once. Whatever the way of paying, the booking has one open intent (`openIntent`).
 */
export async function createPaymentIntent(
  ctx: AppContext,
  options: { input: CreatePaymentIntentRequest; user: PublicUser | undefined; trackingToken: string | undefined },
): Promise<CreatePaymentIntentResponse> {
  const { input, user } = options;
  const booking = await findBooking(ctx.db, input.bookingId);
  if (!booking) throw new AppError('BOOKING_NOT_FOUND', 'Booking not found');
  const owner = booking.userId ? user?.id === booking.userId : await verifyTrackingToken(ctx.db, booking.id, options.trackingToken, ctx.now());
  const allowed = owner || (await linkOpens(ctx.db, options.trackingToken, 'pay', booking.id, ctx.now()));
  if (!allowed) throw new AppError('NOT_YOUR_BOOKING', 'You can only pay for your own booking');
  if (booking.paymentStatus === 'paid') throw new AppError('ALREADY_PAID', 'This booking is already paid');
  // The deposit first when the service takes one, the balance after it (decision 057), else the whole price.
  const next = nextCardPayment((await ledgerView(ctx.db, booking)).summary, booking.depositCents);
  if (!next) throw new AppError('ALREADY_PAID', 'This booking is already paid');
  if (!holdIsLive(booking, ctx.now()) && !awaitsLinkPayment(booking) && !awaitsBalance(booking)) {
    // A web booking whose hold ended (released or not) is offered a new time; anything else is not paid online.
    if (booking.holdExpiresAt) throw new AppError('HOLD_EXPIRED', 'Your hold on this time has ended. Please choose a time again.');
    throw new AppError('BOOKING_NOT_PAYABLE', 'This booking cannot be paid online. Please call us.', { status: booking.status, paymentStatus: booking.paymentStatus });
  }
  if (input.paymentMethodId && !user) throw new AppError('SIGN_IN_REQUIRED', 'Sign in to pay with a saved card');

  const provider = ctx.payments;
  const card = input.paymentMethodId ? await usableCard(ctx, user!.id, input.paymentMethodId) : undefined;
  if (input.paymentMethodId && !card) throw new AppError('PAYMENT_METHOD_NOT_FOUND', 'Payment method not found');
  // A deposit keeps its card for the balance and the policy's fees, with the consent given at checkout.
  const keepForLater = next.kind === 'deposit';
  const customerRef = user && (input.saveCard || card || keepForLater) ? await paymentCustomerRef(ctx, user) : keepForLater ? await guestCustomerRef(ctx, booking) : undefined;

  const amountCents = next.amountCents;
  const purpose = `${next.kind}-${card ? `card-${card.id}` : input.saveCard && user ? 'save' : 'new'}`;
  const wanted = { amountCents, saveCard: Boolean(user && input.saveCard), card: Boolean(card) };
  const { intent, settle } = await openIntent(ctx, booking.id, wanted, (attempt) => ({
    bookingId: booking.id,
    amountCents,
    currency: 'usd',
    // Per attempt: a retried request replays its own intent at the provider, never one cancelled earlier.
    idempotencyKey: `booking-${booking.id}-${amountCents}-${purpose}-${attempt}`,
    receiptEmail: user?.email ?? booking.guestEmail ?? undefined,
    customerRef,
    saveCard: wanted.saveCard,
    keepForLater,
    paymentMethodId: card?.providerMethodId,
  }));
  await deliverAfterCommit(ctx, booking.id);
  // A saved card is charged at once, and the open intent may have been paid meanwhile: either outcome goes
  // through the same sink as every other.
  if (settle) declinedToError(await settlePayment(ctx, intent), intent);
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    provider: provider.name,
    amount: fromCents(amountCents),
    status: intent.status,
    savedCards: await savedCardsFor(ctx, user?.id),
  };
}

/** A guest's deposit keeps its card at the provider under a customer of the booking's own (no account to keep it in). */
function guestCustomerRef(ctx: AppContext, booking: { id: string; guestEmail: string | null; guestName: string | null }): Promise<string> {
  return ctx.payments.ensureCustomer({ userId: `guest-${booking.id}`, email: booking.guestEmail ?? '', name: booking.guestName ?? '', existingRef: null });
}

/**
 * The booking's one open intent (docs/decisions/029): under the booking's lock, so two requests for one
 * booking take turns. An open intent that fits the request (same amount, no saved card, card saving as
 * asked) is answered again; one that does not is cancelled at the provider before another is made, so an
 * older card form can no longer charge. An intent found paid meanwhile is handed back to be settled.
 */
async function openIntent(
  ctx: AppContext,
  bookingId: string,
  wanted: { amountCents: number; saveCard: boolean; card: boolean },
  request: (attempt: number) => CreateIntentInput,
): Promise<{ intent: PaymentIntent; settle: boolean }> {
  const verbs = bookingVerbs(ctx);
  return ctx.db.transaction(async (tx) => {
    const { booking, open, attempts } = await verbs.openPayment(tx, bookingId);
    if (booking.paymentStatus === 'paid') throw new AppError('ALREADY_PAID', 'This booking is already paid');
    const provider = providerInTransaction(ctx, tx);
    if (open && open.provider === provider.name) {
      let current = await retrieve(provider, open.intentId).catch(() => undefined);
      const fits = current && !wanted.card && current.amountCents === wanted.amountCents && Boolean(current.saveCard) === wanted.saveCard;
      if (current && fits && current.status !== 'canceled') return { intent: current, settle: current.status === 'succeeded' };
      if (current && current.status !== 'canceled') current = await provider.cancelIntent(current.id);
      if (current?.status === 'succeeded') return { intent: current, settle: true };
      if (current?.status === 'processing') throw new AppError('PAYMENT_IN_PROGRESS', 'A payment for this booking is being processed. Please wait a moment.');
      await verbs.cancelPayment(tx, bookingId, open);
    }
    let intent: PaymentIntent;
    try {
      intent = await provider.createIntent(request(attempts + 1));
    } catch (error) {
      console.error('creating a payment intent failed', error);
      throw new AppError('PAYMENT_UNAVAILABLE', 'Unable to initialize payment. Please try again.');
    }
    await verbs.attachPayment(tx, bookingId, SYSTEM, { intentId: intent.id, provider: provider.name, amountCents: intent.amountCents });
    return { intent, settle: wanted.card && (intent.status === 'succeeded' || Boolean(intent.lastError)) };
  });
}

async function retrieve(provider: PaymentProvider, intentId: string): Promise<PaymentIntent> {
  try {
    return await provider.retrieveIntent(intentId);
  } catch (error) {
    const stripeCode = (error as { code?: string; statusCode?: number }).statusCode;
    if (error instanceof UnknownIntentError || stripeCode === 404) throw new AppError('PAYMENT_NOT_FOUND', 'Payment not found');
    throw new AppError('PAYMENT_UNAVAILABLE', 'We could not reach the payment provider. Please try again.');
  }
}

export type SettleOutcome = 'confirmed' | 'already_settled' | 'refunded' | 'declined' | 'processing' | 'not_completed';

/**
 * The one sink of payment outcomes. Succeeded: the booking is marked paid and confirmed, the update
 * recorded, the card kept when asked, the confirmation e-mailed — once; a repeat (webhook after the card
 * form, the browser's confirm after either) finds the booking settled and does nothing. A payment that
 * arrives after its hold ended takes the time again if it is free, and is refunded if it is not. A decline
 * releases the hold at once.
 */
export async function settlePayment(ctx: AppContext, intent: PaymentIntent): Promise<SettleOutcome> {
  // A package purchase has its own sink (recorded once per payment); it shares every way an outcome arrives.
  if (isPackageIntent(intent)) {
    const { outcome } = await settlePackagePayment(ctx, intent);
    return outcome === 'recorded' ? 'confirmed' : outcome === 'already_recorded' ? 'already_settled' : outcome;
  }
  if (isTipIntent(intent)) return (await settleTip(ctx, intent)) ? 'confirmed' : intent.lastError ? 'declined' : 'not_completed';
  const bookingId = intent.bookingId;
  if (!bookingId) return 'not_completed';
  if (intent.status === 'processing') return 'processing';
  if (intent.status !== 'succeeded') {
    if (!intent.lastError) return 'not_completed';
    await ctx.db.transaction((tx) => bookingVerbs(ctx).release(tx, bookingId, SYSTEM, 'declined'));
    await deliverAfterCommit(ctx, bookingId);
    return 'declined';
  }
  const provider = ctx.payments;
  const verbs = bookingVerbs(ctx);
  const paid = await ctx.db.transaction(async (tx) => {
    const result = await verbs.markPaid(tx, bookingId, SYSTEM, {
      intentId: intent.id,
      provider: provider.name,
      amountCents: intent.amountCents,
      currency: intent.currency,
      intentBookingId: intent.bookingId,
      card: intent.card,
      offSession: intent.metadata?.charge === 'balance',
    });
    if (result.outcome === 'paid' && intent.saveCard && result.booking.userId && intent.card) await keepCard(tx, result.booking.userId, provider.name, intent.card);
    return result;
  });
  // The booking's events (the confirmation e-mail of `payment_received`…) go out before the answer.
  await deliverAfterCommit(ctx, bookingId);
  if (paid.outcome === 'already_settled') return 'already_settled';
  const payment = { intentId: intent.id, provider: provider.name, amountCents: intent.amountCents };
  if (paid.outcome === 'duplicate') {
    // The customer is never left charged twice: the second payment goes back now, and the admin hears of it.
    const refunded = await ctx.db.transaction((tx) => verbs.refundDuplicatePayment(tx, bookingId, SYSTEM, payment));
    await deliverAfterCommit(ctx, bookingId);
    if (refunded) await reportDuplicatePayment(ctx, bookingId, payment).catch((error) => console.error('duplicate payment report failed', error));
    return 'refunded';
  }
  if (paid.outcome === 'slot_taken') {
    await provider.refund(intent.id);
    await ctx.db.transaction((tx) => verbs.refundLatePayment(tx, bookingId, SYSTEM, payment));
    await deliverAfterCommit(ctx, bookingId);
    return 'refunded';
  }
  await recordPaymentCompleted(ctx, bookingId, intent.amountCents);
  return 'confirmed';
}

/** Tells the admin (ADMIN_EMAIL, through the outbox) that a second payment for a paid booking was refunded. */
async function reportDuplicatePayment(ctx: AppContext, bookingId: string, payment: { intentId: string; amountCents: number }): Promise<void> {
  const view = await findBookingView(ctx.db, bookingId);
  if (!view) return;
  const t = mailTexts('en', { business: ctx.config.business.name });
  const number = bookingNumber(bookingId);
  const mail = renderMail(
    ctx.config.business.name,
    t('duplicatePayment.subject', { number }),
    [
      t('duplicatePayment.body', {
        number,
        service: view.serviceName,
        when: formatMailDateTime('en', new Date(view.scheduledDate)),
        amount: formatMailMoney('en', payment.amountCents),
        intent: payment.intentId,
      }),
    ],
    { label: t('duplicatePayment.action'), url: `${ctx.config.publicUrl}/admin/bookings` },
  );
  await ctx.mailer.send({ to: ctx.config.adminEmail, ...mail, category: 'transactional' });
}

/** A declined payment is the caller's 402, with the provider's reason. */
function declinedToError(outcome: SettleOutcome, intent: PaymentIntent): void {
  if (outcome === 'declined') {
    const reason = intent.lastError ?? 'Your card was declined.';
    throw new AppError('PAYMENT_DECLINED', reason, { reason });
  }
}

export interface ConfirmPaymentResult {
  /** The provider is still working on it (the route answers 202). */
  processing: boolean;
  payment: ConfirmPaymentResponse;
}

/**
 * POST /api/confirm-payment: asks the provider (never the browser) how the intent ended and settles it.
 * Declined → the hold is released and the reason comes back as PAYMENT_DECLINED.
 */
export async function confirmPayment(ctx: AppContext, input: { paymentIntentId: string; bookingId: string }): Promise<ConfirmPaymentResult> {
  const booking = await findBooking(ctx.db, input.bookingId);
  if (!booking) throw new AppError('BOOKING_NOT_FOUND', 'Booking not found');
  const intent = await retrieve(ctx.payments, input.paymentIntentId);
  if (intent.bookingId !== booking.id) throw new AppError('PAYMENT_MISMATCH', 'This payment does not belong to this booking');
  const outcome = await settlePayment(ctx, intent);
  if (outcome === 'processing') return { processing: true, payment: { bookingId: booking.id, status: booking.status, paymentStatus: 'processing' } };
  declinedToError(outcome, intent);
  if (outcome === 'not_completed') throw new AppError('PAYMENT_NOT_COMPLETED', 'Payment has not been completed yet');
  const after = (await findBooking(ctx.db, booking.id))!;
  return { processing: false, payment: { bookingId: after.id, status: after.status, paymentStatus: after.paymentStatus } };
}

/**
 * The built-in provider's card form. Acts as that provider's webhook too: the outcome is settled there and
 * then (a good card confirms the booking, a declined one releases the hold).
 */
export async function confirmTestCard(ctx: AppContext, input: TestCardConfirmRequest): Promise<{ status: 'succeeded'; paymentIntentId: string; bookingId: string | null }> {
  const provider = ctx.payments;
  if (!isTestProvider(provider)) throw new AppError('TEST_PAYMENTS_DISABLED', 'Test payments are not enabled');
  let outcome;
  try {
    outcome = await provider.confirmCard(input.paymentIntentId, input.clientSecret, input);
  } catch (error) {
    if (error instanceof UnknownIntentError) throw new AppError('PAYMENT_NOT_FOUND', 'Payment not found');
    throw error;
  }
  if (outcome.kind === 'invalid') throw new AppError('CARD_INVALID', outcome.message, { reason: outcome.message });
  const { intent } = outcome;
  // A card form the booking no longer pays through (replaced by a saved card or a newer form) takes nothing.
  if (intent.status === 'canceled') throw new AppError('PAYMENT_NOT_COMPLETED', 'This payment was replaced by another one, so nothing was charged.');
  if (intent.status === 'succeeded') {
    await settlePayment(ctx, intent);
    return { status: 'succeeded', paymentIntentId: intent.id, bookingId: intent.bookingId };
  }
  await settlePayment(ctx, intent);
  const reason = intent.lastError ?? 'Your card was declined.';
  throw new AppError('PAYMENT_DECLINED', reason, { reason });
}

/**
 * POST /api/webhooks/stripe: the signature is checked on the raw body; an event id already handled is
 * acknowledged and ignored. The effects are idempotent too, so the browser's confirm-payment and the
 * webhook may arrive in either order.
 */
export async function handleStripeWebhook(ctx: AppContext, rawBody: Buffer, signature: string | undefined): Promise<{ received: true; duplicate?: true }> {
  const provider = ctx.payments;
  const secret = ctx.config.stripe.webhookSecret;
  if (!isStripe(provider) || !secret) throw new AppError('UNAVAILABLE', 'Stripe webhooks are not configured');
  if (!signature) throw new AppError('WEBHOOK_SIGNATURE_INVALID', 'Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = provider.verifyWebhook(rawBody, signature, secret);
  } catch {
    throw new AppError('WEBHOOK_SIGNATURE_INVALID', 'Invalid Stripe signature');
  }
  if (await repo.webhookEventSeen(ctx.db, 'stripe', event.id)) return { received: true, duplicate: true };

  if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
    const sent = toPaymentIntent(event.data.object as Stripe.PaymentIntent);
    const bookingId = sent.bookingId;
    if ((bookingId && (await findBooking(ctx.db, bookingId))) || isPackageIntent(sent) || isTipIntent(sent)) {
      // The event says which intent; its status and card details come from Stripe itself.
      const intent = event.type === 'payment_intent.succeeded' ? await provider.retrieveIntent(sent.id) : { ...sent, lastError: sent.lastError ?? 'Your card was declined.' };
      await settlePayment(ctx, intent);
    }
  }
  // A membership's invoices and subscription (decision 065): its months, dunning and status.
  const subscriptionEvent = subscriptionEventOf(event);
  if (subscriptionEvent) await applySubscriptionEvent(ctx, subscriptionEvent);
  // Recorded only after the effect, so a failure leaves the event for Stripe to deliver again.
  const fresh = await repo.recordWebhookEvent(ctx.db, 'stripe', event.id);
  return fresh ? { received: true } : { received: true, duplicate: true };
}
