import { randomUUID } from 'node:crypto';
import type { PublicUser } from '../../../shared/schemas/auth';
import type { PackagePaymentResponse, PurchasePackageRequest, PurchaseView } from '../../../shared/schemas/packages';
import { fromCents, toCents } from '../../../shared/money';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { PaymentIntent } from '../../integrations/payments/provider';
import { UnknownIntentError } from '../../integrations/payments/test-provider';
import { paymentCustomerRef, savedCardsFor, usableCard } from '../payment-methods';
import { activePackage } from './catalogue.service';
import { loadPurchase, type PackageRow } from './package-views';
import * as repo from './packages.repository';
import { customerById, recordPurchase } from './record-purchase';

/**
 * Paying for a package by card, the customer's or the admin's: the intent, and the sink that records a paid
 * purchase exactly once (settlePayment in payments calls it for intents whose metadata says package).
 */

const PACKAGE_PURPOSE = 'package';

interface SavedCardPayment {
  providerMethodId: string;
  customerRef: string;
  /** The click's key: the same click retried is the same charge. */
  attemptKey: string;
}

async function startPayment(ctx: AppContext, pkg: PackageRow, customer: { id: string; email: string }, assignedBy: string | null, card?: SavedCardPayment): Promise<Omit<PackagePaymentResponse, 'savedCards'>> {
  const amountCents = toCents(pkg.packagePrice);
  if (amountCents <= 0) throw new AppError('PACKAGE_FREE', 'This package is free: assign it without a card payment');
  let intent: PaymentIntent;
  try {
    intent = await ctx.payments.createIntent({
      bookingId: null,
      amountCents,
      currency: 'usd',
      // Each purchase is its own intent: a customer may buy the same package twice. No money moves until the
      // card is confirmed — or, with a saved card, until the click of Pay that names it (charged at once).
      idempotencyKey: card ? `package-${pkg.id}-${customer.id}-card-${card.attemptKey}` : `package-${pkg.id}-${customer.id}-${randomUUID()}`,
      receiptEmail: customer.email,
      metadata: { purpose: PACKAGE_PURPOSE, packageId: pkg.id, userId: customer.id, ...(assignedBy ? { assignedBy } : {}) },
      ...(card ? { customerRef: card.customerRef, paymentMethodId: card.providerMethodId } : {}),
    });
  } catch (error) {
    console.error('creating a package payment failed', error);
    throw new AppError('PAYMENT_UNAVAILABLE', 'Unable to initialize payment. Please try again.');
  }
  if (card && intent.status !== 'succeeded') {
    const reason = intent.lastError ?? 'Your card was declined.';
    throw new AppError('PAYMENT_DECLINED', reason, { reason });
  }
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, provider: ctx.payments.name, amount: pkg.packagePrice, status: intent.status };
}

export function isPackageIntent(intent: Pick<PaymentIntent, 'metadata'>): boolean {
  return intent.metadata?.purpose === PACKAGE_PURPOSE;
}

export type PackageSettleOutcome = 'recorded' | 'already_recorded' | 'declined' | 'processing' | 'not_completed';

/**
 * The sink of a package payment (called by settlePayment for intents whose metadata says package): a
 * succeeded intent becomes a purchase exactly once, whichever of the webhook, the card form or the
 * browser's confirm arrives first.
 */
export async function settlePackagePayment(ctx: AppContext, intent: PaymentIntent): Promise<{ outcome: PackageSettleOutcome; purchaseId?: string }> {
  if (intent.status === 'processing') return { outcome: 'processing' };
  if (intent.status !== 'succeeded') return { outcome: intent.lastError ? 'declined' : 'not_completed' };
  const existing = await repo.findPurchaseIdByIntent(ctx.db, intent.id);
  if (existing) return { outcome: 'already_recorded', purchaseId: existing };
  const { packageId, userId, assignedBy } = intent.metadata ?? {};
  if (!packageId || !userId || intent.currency !== 'usd') throw new AppError('PAYMENT_MISMATCH', 'This payment is not for a package');
  const pkg = await repo.findPackage(ctx.db, packageId);
  const customer = await repo.findCustomer(ctx.db, userId);
  if (!pkg || !customer) throw new AppError('PAYMENT_MISMATCH', 'This payment is not for a known package and customer');
  const result = await recordPurchase(ctx, {
    pkg,
    customer,
    paymentStatus: 'paid',
    paidBy: 'card',
    paymentIntentId: intent.id,
    // What was actually paid (the price may have changed since the intent was made).
    purchasePrice: fromCents(intent.amountCents),
    assignedBy: assignedBy ?? null,
    notes: null,
  });
  return { outcome: result.created ? 'recorded' : 'already_recorded', purchaseId: result.id };
}

async function retrieveIntent(ctx: AppContext, intentId: string): Promise<PaymentIntent> {
  try {
    return await ctx.payments.retrieveIntent(intentId);
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof UnknownIntentError || status === 404) throw new AppError('PAYMENT_NOT_FOUND', 'Payment not found');
    throw new AppError('PAYMENT_UNAVAILABLE', 'We could not reach the payment provider. Please try again.');
  }
}

/** Asks the provider (never the browser) how the payment ended, for this customer and (optionally) package. */
export async function confirmIntent(ctx: AppContext, intentId: string, expected: { userId: string; packageId?: string }): Promise<PurchaseView> {
  const intent = await retrieveIntent(ctx, intentId);
  if (!isPackageIntent(intent)) throw new AppError('PAYMENT_MISMATCH', 'This payment is not for a package');
  if (intent.metadata?.userId !== expected.userId || (expected.packageId && intent.metadata?.packageId !== expected.packageId)) {
    throw new AppError('NOT_YOUR_PURCHASE', 'This payment belongs to someone else');
  }
  const settled = await settlePackagePayment(ctx, intent);
  if (settled.outcome === 'declined') {
    const reason = intent.lastError ?? 'Your card was declined.';
    throw new AppError('PAYMENT_DECLINED', reason, { reason });
  }
  if (!settled.purchaseId) throw new AppError('PAYMENT_NOT_COMPLETED', 'Payment has not been completed yet');
  return loadPurchase(ctx.db, settled.purchaseId);
}

export async function createAdminPayment(ctx: AppContext, admin: PublicUser, input: { userId: string; packageId: string }): Promise<PackagePaymentResponse> {
  const pkg = await activePackage(ctx, input.packageId);
  const customer = await customerById(ctx, input.userId);
  return { ...(await startPayment(ctx, pkg, customer, admin.id)), savedCards: [] };
}

/**
 * The customer's purchase: an intent for the card form, with their saved cards to choose from; or, naming a
 * saved card, that card charged at once (the browser then confirms the purchase as after the card form).
 */
export async function startPurchase(ctx: AppContext, user: PublicUser, input: PurchasePackageRequest): Promise<PackagePaymentResponse> {
  const pkg = await activePackage(ctx, input.packageId);
  let card: SavedCardPayment | undefined;
  if (input.paymentMethodId) {
    const saved = await usableCard(ctx, user.id, input.paymentMethodId);
    if (!saved) throw new AppError('PAYMENT_METHOD_NOT_FOUND', 'Payment method not found');
    card = { providerMethodId: saved.providerMethodId, customerRef: await paymentCustomerRef(ctx, user), attemptKey: input.attemptKey ?? randomUUID() };
  }
  return { ...(await startPayment(ctx, pkg, user, null, card)), savedCards: await savedCardsFor(ctx, user.id) };
}

export async function confirmPurchase(ctx: AppContext, user: PublicUser, paymentIntentId: string): Promise<PurchaseView> {
  return confirmIntent(ctx, paymentIntentId, { userId: user.id });
}
