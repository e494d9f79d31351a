import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { testPaymentIntents } from '../../db/schema';
import type { CardDetails, CreateIntentInput, CreateSetupInput, CreateSubscriptionInput, IntentStatus, PaymentIntent, PaymentProvider, ProviderSubscription } from './provider';
import { checkTestCard, DECLINES_LATER_LAST4 } from './test-cards';

type Row = typeof testPaymentIntents.$inferSelect;

function toIntent(row: Row): PaymentIntent {
  const card: CardDetails | null =
    row.cardLast4 && row.providerMethodId
      ? { providerMethodId: row.providerMethodId, brand: row.cardBrand ?? 'unknown', last4: row.cardLast4, expiryMonth: row.cardExpiryMonth ?? 0, expiryYear: row.cardExpiryYear ?? 0 }
      : null;
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status as IntentStatus,
    amountCents: row.amountCents,
    currency: row.currency,
    bookingId: row.bookingId,
    card,
    lastError: row.lastError,
    saveCard: row.saveCard,
    customerRef: row.customerRef,
    metadata: row.metadata ?? {},
  };
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

export class UnknownIntentError extends Error {}

export interface TestCardAttempt {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  saveCard: boolean;
}

/** The result of the test card form: the intent afterwards, or a problem with what was typed. */
export type TestCardOutcome = { kind: 'invalid'; message: string } | { kind: 'done'; intent: PaymentIntent };

/**
 * The built-in provider: the same intent life cycle as Stripe (requires_payment_method → succeeded),
 * stored in test_payment_intents. Nothing is ever charged.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  async createIntent(input: CreateIntentInput): Promise<PaymentIntent> {
    const [existing] = await this.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.idempotencyKey, input.idempotencyKey));
    if (existing) return toIntent(existing);
    const intentId = id('pi');
    const values: typeof testPaymentIntents.$inferInsert = {
      id: intentId,
      clientSecret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
      bookingId: input.bookingId,
      amountCents: input.amountCents,
      currency: input.currency,
      idempotencyKey: input.idempotencyKey,
      customerRef: input.customerRef ?? null,
      saveCard: Boolean(input.saveCard),
      metadata: input.metadata ?? null,
    };
    if (input.paymentMethodId) {
      // A saved card of the test provider pays (declined cards are never saved), except Stripe's 4000 0000 0000 0341:
      // kept fine, declined when charged later (a membership's failed renewal).
      const saved = parseSavedMethod(input.paymentMethodId);
      const declines = saved.cardLast4 === DECLINES_LATER_LAST4;
      Object.assign(values, { status: declines ? 'requires_payment_method' : 'succeeded', lastError: declines ? 'Your card was declined.' : null, providerMethodId: input.paymentMethodId, ...saved });
    }
    const [row] = await this.db.insert(testPaymentIntents).values(values).onConflictDoNothing({ target: testPaymentIntents.idempotencyKey }).returning();
    if (row) return toIntent(row);
    // Another request with the same key won the race: answer with its intent.
    const [winner] = await this.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.idempotencyKey, input.idempotencyKey));
    return toIntent(winner!);
  }

  async retrieveIntent(intentId: string): Promise<PaymentIntent> {
    const [row] = await this.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId));
    if (!row) throw new UnknownIntentError(`No such payment intent: ${intentId}`);
    return toIntent(row);
  }

  /** The test card form: checks the card, then marks the intent succeeded or records the decline. */
  async confirmCard(intentId: string, clientSecret: string, card: TestCardAttempt): Promise<TestCardOutcome> {
    const intent = await this.retrieveIntent(intentId).catch(() => undefined);
    if (!intent || intent.clientSecret !== clientSecret) throw new UnknownIntentError('No such payment intent');
    if (intent.status === 'succeeded' || intent.status === 'canceled') return { kind: 'done', intent };
    const check = checkTestCard(card, this.now());
    if (!check.ok && !check.declined) return { kind: 'invalid', message: check.message };
    const [row] = check.ok
      ? await this.db
          .update(testPaymentIntents)
          .set({
            status: 'succeeded',
            lastError: null,
            saveCard: intent.saveCard || card.saveCard,
            // A local method id that carries only what may be kept: brand, last four, expiry.
            providerMethodId: savedMethodId(check.brand, check.digits.slice(-4), card.expMonth, normaliseYear(card.expYear)),
            cardBrand: check.brand,
            cardLast4: check.digits.slice(-4),
            cardExpiryMonth: card.expMonth,
            cardExpiryYear: normaliseYear(card.expYear),
            updatedAt: this.now(),
          })
          // Like Stripe, an intent cancelled (or paid) meanwhile is not charged again.
          .where(and(eq(testPaymentIntents.id, intentId), notInArray(testPaymentIntents.status, ['succeeded', 'canceled'])))
          .returning()
      : await this.db
          .update(testPaymentIntents)
          .set({ status: 'requires_payment_method', lastError: check.message, updatedAt: this.now() })
          .where(and(eq(testPaymentIntents.id, intentId), notInArray(testPaymentIntents.status, ['succeeded', 'canceled'])))
          .returning();
    return { kind: 'done', intent: row ? toIntent(row) : await this.retrieveIntent(intentId) };
  }

  async cancelIntent(intentId: string): Promise<PaymentIntent> {
    const [row] = await this.db
      .update(testPaymentIntents)
      .set({ status: 'canceled', updatedAt: this.now() })
      .where(and(eq(testPaymentIntents.id, intentId), ne(testPaymentIntents.status, 'succeeded')))
      .returning();
    return row ? toIntent(row) : this.retrieveIntent(intentId);
  }

  async refund(intentId: string, amountCents?: number, idempotencyKey?: string): Promise<string> {
    const intent = await this.retrieveIntent(intentId);
    if (intent.status !== 'succeeded') throw new Error('Only a succeeded payment can be refunded');
    const [row] = await this.db.select({ refundedCents: testPaymentIntents.refundedCents }).from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId));
    const amount = amountCents ?? intent.amountCents - (row?.refundedCents ?? 0);
    // Stripe refuses to refund more than is left of the charge; so does the test provider.
    if (amount > intent.amountCents - (row?.refundedCents ?? 0)) throw new Error('The refund is more than is left of the payment');
    await this.db
      .update(testPaymentIntents)
      .set({ refundedCents: sql`${testPaymentIntents.refundedCents} + ${amount}`, updatedAt: this.now() })
      .where(eq(testPaymentIntents.id, intentId));
    return idempotencyKey ? `re_test_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}` : id('re');
  }

  async ensureCustomer(input: { userId: string; existingRef: string | null }): Promise<string> {
    return input.existingRef ?? `cus_test_${input.userId.replace(/-/g, '')}`;
  }

  async detachCard(): Promise<void> {
    // Nothing is kept at the test provider beyond the payment_methods row the caller deletes.
  }

  /** A setup is an intent of $0 that keeps its card: the same card form confirms it, nothing is charged. */
  async createSetupIntent(input: CreateSetupInput): Promise<PaymentIntent> {
    return this.createIntent({ bookingId: null, amountCents: 0, currency: 'usd', idempotencyKey: input.idempotencyKey, customerRef: input.customerRef, saveCard: true, metadata: input.metadata });
  }

  async retrieveSetupIntent(setupIntentId: string): Promise<PaymentIntent> {
    return this.retrieveIntent(setupIntentId);
  }

  /**
   * The test provider bills nothing on its own: a subscription is its first month's intent (a saved card
   * charged at once, else the card form's), with no id — the app renews it monthly by its clock.
   */
  async createSubscription(input: CreateSubscriptionInput): Promise<ProviderSubscription> {
    const payment = await this.createIntent({
      bookingId: null,
      amountCents: input.plan.priceCents,
      currency: 'usd',
      idempotencyKey: input.idempotencyKey,
      metadata: input.metadata,
      customerRef: input.customerRef,
      ...(input.paymentMethodId ? { paymentMethodId: input.paymentMethodId } : { saveCard: true }),
    });
    return { id: null, priceId: null, status: payment.status === 'succeeded' ? 'active' : 'incomplete', currentPeriodStart: null, currentPeriodEnd: null, cancelAtPeriodEnd: false, payment };
  }

  async retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    throw new UnknownIntentError(`The test provider keeps no subscriptions (the app renews by its clock): ${subscriptionId}`);
  }

  pauseSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    return this.retrieveSubscription(subscriptionId);
  }

  resumeSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    return this.retrieveSubscription(subscriptionId);
  }

  cancelSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    return this.retrieveSubscription(subscriptionId);
  }

  payInvoice(invoiceId: string): Promise<{ paid: boolean; lastError: string | null }> {
    return Promise.reject(new UnknownIntentError(`The test provider keeps no invoices (the app renews by its clock): ${invoiceId}`));
  }
}

function normaliseYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/** pm_test_<brand>_<last4>_<mm>_<yyyy>_<random>: a saved test card needs nothing else. */
function savedMethodId(brand: string, last4: string, month: number, year: number): string {
  return `pm_test_${brand}_${last4}_${month}_${year}_${randomBytes(6).toString('hex')}`;
}

function parseSavedMethod(methodId: string) {
  const match = /^pm_test_([a-z]+)_(\d{4})_(\d{1,2})_(\d{4})_/.exec(methodId);
  if (!match) return {};
  return { cardBrand: match[1], cardLast4: match[2], cardExpiryMonth: Number(match[3]), cardExpiryYear: Number(match[4]) };
}
