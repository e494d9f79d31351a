import type Stripe from 'stripe';
import { toCents } from '../../../shared/money';
import type { PublicUser } from '../../../shared/schemas/auth';
import type { ConfirmPaymentResponse, CreatePaymentIntentRequest, CreatePaymentIntentResponse, TestCardConfirmRequest } from '../../../shared/schemas/checkout';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { getPaymentProvider, isStripe, isTestProvider } from '../../integrations/payments';
import type { PaymentIntent, PaymentProvider } from '../../integrations/payments/provider';
import { toPaymentIntent } from '../../integrations/payments/stripe-provider';
import { UnknownIntentError } from '../../integrations/payments/test-provider';
import { applySucceededPayment, releaseHold } from '../bookings/bookings.service';
import * as bookingsRepo from '../bookings/checkout.repository';
import { verifyTrackingToken } from '../tracking/tracking-token';
import * as repo from './payments.repository';

async function savedCards(ctx: AppContext, provider: PaymentProvider, user: PublicUser | undefined) {
  if (!user) return [];
  const cards = await bookingsRepo.listCardsForProvider(ctx.db, user.id, provider.name);
  return cards.map(({ id, brand, last4, expiryMonth, expiryYear, isDefault }) => ({ id, brand, last4, expiryMonth, expiryYear, isDefault }));
}

/**
 * POST /api/create-payment-intent: an intent for the booking's own server-computed total (never an amount
 * from the client). Only the booking's customer may pay it: the signed-in owner, or the guest holding its
 * tracking token. A saved card is charged at once.
 */
export async function createPaymentIntent(
  ctx: AppContext,
  options: { input: CreatePaymentIntentRequest; user: PublicUser | undefined; trackingToken: string | undefined },
): Promise<CreatePaymentIntentResponse> {
  const { input, user } = options;
  const booking = await bookingsRepo.findBooking(ctx.db, input.bookingId);
  if (!booking) throw new AppError('NOT_FOUND', 'Booking not found');
  const allowed = booking.userId ? user?.id === booking.userId : await verifyTrackingToken(ctx.db, booking.id, options.trackingToken, ctx.now());
  if (!allowed) throw new AppError('FORBIDDEN', 'You can only pay for your own booking');
  if (booking.paymentStatus === 'paid') throw new AppError('CONFLICT', 'This booking is already paid');
  if (booking.status !== 'pending' || (booking.holdExpiresAt && booking.holdExpiresAt <= ctx.now())) {
    throw new AppError('GONE', 'Your hold on this time has ended. Please choose a time again.');
  }
  if (input.paymentMethodId && !user) throw new AppError('BAD_REQUEST', 'Sign in to pay with a saved card');

  const provider = getPaymentProvider(ctx);
  const card = input.paymentMethodId ? await bookingsRepo.findOwnCard(ctx.db, user!.id, input.paymentMethodId) : undefined;
  if (input.paymentMethodId && (!card || card.provider !== provider.name)) throw new AppError('NOT_FOUND', 'Payment method not found');

  let customerRef: string | undefined;
  if (user && (input.saveCard || card)) {
    const account = await bookingsRepo.findUserForPayment(ctx.db, user.id);
    const existing = provider.name === 'stripe' ? (account?.stripeCustomerId ?? null) : null;
    customerRef = await provider.ensureCustomer({ userId: user.id, email: user.email, name: user.fullName, existingRef: existing });
    if (provider.name === 'stripe' && customerRef !== existing) await bookingsRepo.setStripeCustomer(ctx.db, user.id, customerRef);
  }

  const amountCents = toCents(booking.totalAmount);
  const purpose = card ? `card-${card.id}` : input.saveCard && user ? 'save' : 'new';
  let intent: PaymentIntent;
  try {
    intent = await provider.createIntent({
      bookingId: booking.id,
      amountCents,
      currency: 'usd',
      idempotencyKey: `booking-${booking.id}-${amountCents}-${purpose}`,
      receiptEmail: user?.email ?? booking.guestEmail ?? undefined,
      customerRef,
      saveCard: Boolean(user && input.saveCard),
      paymentMethodId: card?.providerMethodId,
    });
  } catch (error) {
    console.error('creating a payment intent failed', error);
    throw new AppError('UNAVAILABLE', 'Unable to initialize payment. Please try again.');
  }
  await bookingsRepo.updateBooking(ctx.db, booking.id, { paymentIntentId: intent.id, paymentProvider: provider.name, updatedAt: ctx.now() });

  if (card) {
    if (intent.status === 'succeeded') await applySucceededPayment(ctx, provider, intent, booking.id);
    else if (intent.lastError) {
      await releaseHold(ctx, booking.id, 'declined');
      throw new AppError('PAYMENT_FAILED', intent.lastError);
    }
  }
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    provider: provider.name,
    amount: booking.totalAmount,
    status: intent.status,
    savedCards: await savedCards(ctx, provider, user),
  };
}

async function retrieve(provider: PaymentProvider, intentId: string): Promise<PaymentIntent> {
  try {
    return await provider.retrieveIntent(intentId);
  } catch (error) {
    const stripeCode = (error as { code?: string; statusCode?: number }).statusCode;
    if (error instanceof UnknownIntentError || stripeCode === 404) throw new AppError('NOT_FOUND', 'Payment not found');
    throw new AppError('UNAVAILABLE', 'We could not reach the payment provider. Please try again.');
  }
}

/**
 * POST /api/confirm-payment: asks the provider (never the browser) how the intent ended. Succeeded and
 * matching the booking → confirmed; declined → the hold is released at once and 402 carries the reason.
 */
export async function confirmPayment(ctx: AppContext, input: { paymentIntentId: string; bookingId: string }): Promise<{ status: number; body: ConfirmPaymentResponse }> {
  const booking = await bookingsRepo.findBooking(ctx.db, input.bookingId);
  if (!booking) throw new AppError('NOT_FOUND', 'Booking not found');
  const provider = getPaymentProvider(ctx);
  const intent = await retrieve(provider, input.paymentIntentId);
  if (intent.bookingId !== booking.id) throw new AppError('BAD_REQUEST', 'This payment does not belong to this booking');
  if (intent.status === 'succeeded') {
    await applySucceededPayment(ctx, provider, intent, booking.id);
  } else if (intent.status === 'processing') {
    return { status: 202, body: { bookingId: booking.id, status: booking.status, paymentStatus: 'processing' } };
  } else if (intent.lastError) {
    await releaseHold(ctx, booking.id, 'declined');
    throw new AppError('PAYMENT_FAILED', intent.lastError);
  } else {
    throw new AppError('CONFLICT', 'Payment has not been completed yet');
  }
  const after = (await bookingsRepo.findBooking(ctx.db, booking.id))!;
  return { status: 200, body: { bookingId: after.id, status: after.status, paymentStatus: after.paymentStatus } };
}

/**
 * The built-in provider's card form. Acts as that provider's webhook too: a good card confirms the
 * booking there and then; a declined one releases the hold at once.
 */
export async function confirmTestCard(ctx: AppContext, input: TestCardConfirmRequest): Promise<{ status: 'succeeded'; paymentIntentId: string; bookingId: string | null }> {
  const provider = getPaymentProvider(ctx);
  if (!isTestProvider(provider)) throw new AppError('NOT_FOUND', 'Test payments are not enabled');
  let outcome;
  try {
    outcome = await provider.confirmCard(input.paymentIntentId, input.clientSecret, input);
  } catch (error) {
    if (error instanceof UnknownIntentError) throw new AppError('NOT_FOUND', 'Payment not found');
    throw error;
  }
  if (outcome.kind === 'invalid') throw new AppError('BAD_REQUEST', outcome.message);
  const { intent } = outcome;
  if (intent.status === 'succeeded') {
    if (intent.bookingId) await applySucceededPayment(ctx, provider, intent, intent.bookingId);
    return { status: 'succeeded', paymentIntentId: intent.id, bookingId: intent.bookingId };
  }
  if (intent.bookingId) await releaseHold(ctx, intent.bookingId, 'declined');
  throw new AppError('PAYMENT_FAILED', intent.lastError ?? 'Your card was declined.');
}

/**
 * POST /api/webhooks/stripe: the signature is checked on the raw body; an event id already handled is
 * acknowledged and ignored. The effects are idempotent too, so the browser's confirm-payment and the
 * webhook may arrive in either order.
 */
export async function handleStripeWebhook(ctx: AppContext, rawBody: Buffer, signature: string | undefined): Promise<{ received: true; duplicate?: true }> {
  const provider = getPaymentProvider(ctx);
  const secret = ctx.config.stripe.webhookSecret;
  if (!isStripe(provider) || !secret) throw new AppError('UNAVAILABLE', 'Stripe webhooks are not configured');
  if (!signature) throw new AppError('BAD_REQUEST', 'Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = provider.verifyWebhook(rawBody, signature, secret);
  } catch {
    throw new AppError('BAD_REQUEST', 'Invalid Stripe signature');
  }
  if (await repo.webhookEventSeen(ctx.db, 'stripe', event.id)) return { received: true, duplicate: true };

  if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
    const sent = toPaymentIntent(event.data.object as Stripe.PaymentIntent);
    const bookingId = sent.bookingId;
    if (bookingId && (await bookingsRepo.findBooking(ctx.db, bookingId))) {
      if (event.type === 'payment_intent.succeeded') {
        // The event says which intent; its card details come from Stripe itself.
        const intent = await provider.retrieveIntent(sent.id);
        await applySucceededPayment(ctx, provider, intent, bookingId);
      } else {
        await releaseHold(ctx, bookingId, 'declined');
      }
    }
  }
  // Recorded only after the effect, so a failure leaves the event for Stripe to deliver again.
  const fresh = await repo.recordWebhookEvent(ctx.db, 'stripe', event.id);
  return fresh ? { received: true } : { received: true, duplicate: true };
}
