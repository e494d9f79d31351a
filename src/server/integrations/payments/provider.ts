import type { PaymentIntentStatus } from '../../../shared/booking-lifecycle';
/**
 * Card payments behind one interface: Stripe when STRIPE_SECRET_KEY is set, otherwise the built-in test
 * provider ("Test mode — no real charge"). Amounts are integer cents computed by the server, never by
 * the client. Implementations: stripe-provider.ts and test-provider.ts beside this file.
 */
export type IntentStatus = PaymentIntentStatus;

export interface CardDetails {
  /** The provider's PaymentMethod id (a local id for the test provider). */
  providerMethodId: string;
  brand: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
}

export interface PaymentIntent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  /** The booking (or package purchase) the intent pays for, from its metadata. */
  bookingId: string | null;
  card: CardDetails | null;
  /** The provider's decline text, when the last attempt failed. */
  lastError: string | null;
  /** The customer asked to keep the card (setup for future use). */
  saveCard?: boolean;
  /** The provider's customer the intent belongs to, if any. */
  customerRef?: string | null;
  /** What else the intent pays for (a package purchase: purpose 'package', packageId, userId). */
  metadata?: Record<string, string>;
}

export interface CreateIntentInput {
  /** The booking it pays for; null for a payment that is not a booking (a package purchase, see metadata). */
  bookingId: string | null;
  metadata?: Record<string, string>;
  amountCents: number;
  currency: 'usd';
  idempotencyKey: string;
  receiptEmail?: string;
  /** The provider's customer reference, to save the card for later (ticked 'Save this card'). */
  customerRef?: string;
  saveCard?: boolean;
  /** A saved card to charge. */
  paymentMethodId?: string;
  /**
   * Keep the card this intent is paid with for charges made later without the customer (a deposit's balance,
   * a policy fee; decision 057): Stripe's `setup_future_usage: 'off_session'` on the customer `customerRef`.
   */
  keepForLater?: boolean;
  /** Charge the saved `paymentMethodId` while the customer is away (the balance, a fee): Stripe's `off_session`. */
  offSession?: boolean;
}

export interface CreateSetupInput {
  /** The provider's customer the card is attached to. */
  customerRef: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/** A monthly plan as the provider bills it (Stripe Billing: a Product and a monthly Price, found by lookup key). */
export interface SubscriptionPlan {
  planId: string;
  name: string;
  priceCents: number;
  /** The provider's price remembered for this plan and amount, when there is one. */
  knownPriceId: string | null;
}

export interface CreateSubscriptionInput {
  customerRef: string;
  plan: SubscriptionPlan;
  /** A saved card to pay with; without it the browser's card form confirms the first payment. */
  paymentMethodId?: string;
  idempotencyKey: string;
  /** Carried by the subscription and its first payment (purpose, planId, userId). */
  metadata: Record<string, string>;
}

/**
 * A subscription as the provider sees it. `id` null means the provider does not bill on its own (the test
 * provider): the app renews it by its clock. `payment` is the payment in flight (the first month's, or a
 * resume's new month), to be confirmed by the browser when it needs the customer (a card form, 3-D Secure).
 */
export interface ProviderSubscription {
  id: string | null;
  /** The plan's price at the provider (Stripe's price id), for the plan to remember. */
  priceId: string | null;
  status: 'incomplete' | 'active' | 'paused' | 'past_due' | 'canceled';
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  payment: PaymentIntent | null;
}

/** What a provider's webhook says about a subscription, in the app's words (Stripe: invoice.*, customer.subscription.*). */
export type SubscriptionEvent =
  | { kind: 'period_paid' | 'period_failed'; subscriptionId: string; invoiceId: string; customerRef: string | null; periodStart: Date; periodEnd: Date; amountCents: number; lastError: string | null; metadata: Record<string, string> }
  | { kind: 'subscription_changed'; subscription: ProviderSubscription & { id: string } };

export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  createIntent(input: CreateIntentInput): Promise<PaymentIntent>;
  retrieveIntent(intentId: string): Promise<PaymentIntent>;
  /**
   * Cancels an intent nobody may pay any more; resolves to the intent afterwards. An intent that already
   * succeeded (or is processing) cannot be cancelled: it comes back as it is, for the caller to settle.
   */
  cancelIntent(intentId: string): Promise<PaymentIntent>;
  /**
   * Refunds the whole intent (or `amountCents` of it); resolves to the refund id. Refusing more than is left
   * of the intent, as Stripe does. `idempotencyKey` makes a retried request one refund (partial refunds of the
   * same amount are different refunds, so each carries its own).
   */
  refund(intentId: string, amountCents?: number, idempotencyKey?: string): Promise<string>;
  /** Creates (or returns) the provider's customer reference for an account. */
  ensureCustomer(input: { userId: string; email: string; name: string; existingRef: string | null }): Promise<string>;
  /** Detaches a saved card from the provider's customer. */
  detachCard(providerMethodId: string): Promise<void>;
  /**
   * A card kept for later without a payment (the account's Add card): Stripe's SetupIntent, the test
   * provider's intent of $0 that its card form confirms. Answered in the PaymentIntent shape: status
   * succeeded and `card` once the card is set up.
   */
  createSetupIntent(input: CreateSetupInput): Promise<PaymentIntent>;
  retrieveSetupIntent(setupIntentId: string): Promise<PaymentIntent>;

  /**
   * A membership's monthly billing (decisions 059, 065). Stripe: a Billing subscription on the plan's monthly
   * price, its first invoice left for the browser to confirm (default_incomplete), renewals charged by Stripe
   * and reported by webhooks. The test provider: the first month is an intent of its own and `id` is null —
   * the app renews by its clock, so pause, resume and cancel have nothing to tell it.
   */
  createSubscription(input: CreateSubscriptionInput): Promise<ProviderSubscription>;
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** Stops collecting (Stripe's pause_collection, invoices voided) until resumed. */
  pauseSubscription(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription>;
  /** Collects again; `restartNow` begins a new month at once and charges it (a resume after the paid month). */
  resumeSubscription(subscriptionId: string, input: { restartNow: boolean; idempotencyKey: string }): Promise<ProviderSubscription>;
  /** Ends at the end of the paid period, or now. */
  cancelSubscription(subscriptionId: string, input: { atPeriodEnd: boolean; idempotencyKey: string }): Promise<ProviderSubscription>;
  /**
   * Pays a subscription's open invoice now with the given card (Stripe: invoices.pay off session), so a failed
   * month is paid on the invoice Stripe would retry, never as a second charge beside it.
   */
  payInvoice(invoiceId: string, input: { paymentMethodId: string; idempotencyKey: string }): Promise<{ paid: boolean; lastError: string | null }>;
}
