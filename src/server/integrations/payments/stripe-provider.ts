import Stripe from 'stripe';
import type { CardDetails, CreateIntentInput, CreateSetupInput, CreateSubscriptionInput, IntentStatus, PaymentIntent, PaymentProvider, ProviderSubscription, SubscriptionEvent, SubscriptionPlan } from './provider';

export interface StripeSettings {
  secretKey: string;
  /** http://127.0.0.1:PORT for tests against a local stand-in of the Stripe API. */
  apiBase?: string;
}

export function createStripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: base ? 0 : 2,
    timeout: 20_000,
    telemetry: false,
    ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
}

function cardOf(paymentMethod: string | Stripe.PaymentMethod | null): CardDetails | null {
  const method = typeof paymentMethod === 'object' && paymentMethod ? paymentMethod : null;
  return method?.card
    ? { providerMethodId: method.id, brand: method.card.brand, last4: method.card.last4, expiryMonth: method.card.exp_month, expiryYear: method.card.exp_year }
    : null;
}

/** A SetupIntent in the PaymentIntent shape (no amount; its statuses are a PaymentIntent's). */
function fromSetupIntent(si: Stripe.SetupIntent): PaymentIntent {
  return {
    id: si.id,
    clientSecret: si.client_secret ?? '',
    status: si.status as IntentStatus,
    amountCents: 0,
    currency: 'usd',
    bookingId: null,
    card: cardOf(si.payment_method),
    lastError: si.last_setup_error?.message ?? null,
    saveCard: true,
    customerRef: typeof si.customer === 'string' ? si.customer : (si.customer?.id ?? null),
    metadata: { ...(si.metadata ?? {}) },
  };
}

export function toPaymentIntent(pi: Stripe.PaymentIntent): PaymentIntent {
  const card = cardOf(pi.payment_method);
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? '',
    status: pi.status as IntentStatus,
    amountCents: pi.amount,
    currency: pi.currency,
    bookingId: pi.metadata?.bookingId ?? null,
    card,
    lastError: pi.last_payment_error?.message ?? null,
    saveCard: pi.setup_future_usage === 'off_session' || pi.metadata?.saveCard === 'true',
    customerRef: typeof pi.customer === 'string' ? pi.customer : (pi.customer?.id ?? null),
    metadata: { ...(pi.metadata ?? {}) },
  };
}

const seconds = (value: number | null | undefined) => (value ? new Date(value * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/** The plan's monthly price is found again by this key: one Price per plan and amount, however often asked. */
export const planLookupKey = (plan: Pick<SubscriptionPlan, 'planId' | 'priceCents'>) => `glint-membership-${plan.planId}-${plan.priceCents}`;

function subscriptionStatus(sub: Stripe.Subscription): ProviderSubscription['status'] {
  if (sub.pause_collection) return 'paused';
  if (sub.status === 'active' || sub.status === 'trialing') return 'active';
  if (sub.status === 'past_due' || sub.status === 'unpaid') return 'past_due';
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') return 'canceled';
  if (sub.status === 'paused') return 'paused';
  return 'incomplete';
}

/** The PaymentIntent id inside a client secret (pi_…_secret_…), as Stripe.js reads it too. */
const intentIdOfSecret = (secret: string) => secret.split('_secret_')[0] ?? '';

/** The invoice's payment in flight: its PaymentIntent's id and client secret, when it has one. */
function invoicePayment(invoice: Stripe.Invoice | null, metadata: Record<string, string>): PaymentIntent | null {
  const secret = invoice?.confirmation_secret?.client_secret;
  const paid = invoice?.payments?.data?.map((p) => p.payment.payment_intent).find(Boolean);
  const paidIntent = typeof paid === 'object' && paid ? paid : null;
  if (paidIntent) return { ...toPaymentIntent(paidIntent), metadata: { ...paidIntent.metadata, ...metadata } };
  const id = idOf(paid) ?? (secret ? intentIdOfSecret(secret) : null);
  if (!invoice || !id) return null;
  const status: IntentStatus = invoice.status === 'paid' ? 'succeeded' : 'requires_payment_method';
  return { id, clientSecret: secret ?? '', status, amountCents: invoice.amount_due, currency: invoice.currency, bookingId: null, card: null, lastError: null, customerRef: idOf(invoice.customer), metadata };
}

export function toSubscription(sub: Stripe.Subscription): ProviderSubscription & { id: string } {
  const item = sub.items?.data?.[0];
  const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
  return {
    id: sub.id,
    priceId: item?.price?.id ?? null,
    status: subscriptionStatus(sub),
    currentPeriodStart: seconds(item?.current_period_start),
    currentPeriodEnd: seconds(item?.current_period_end),
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
    payment: invoicePayment(invoice, { ...(sub.metadata ?? {}), subscriptionId: sub.id }),
  };
}

/** A webhook event about a membership's billing, in the app's words; null for every other event. */
export function subscriptionEventOf(event: Stripe.Event): SubscriptionEvent | null {
  if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
    const invoice = event.data.object;
    const details = invoice.parent?.subscription_details;
    const subscriptionId = idOf(details?.subscription);
    const period = invoice.lines?.data?.[0]?.period;
    if (!subscriptionId || !period) return null;
    return {
      kind: event.type === 'invoice.paid' ? 'period_paid' : 'period_failed',
      subscriptionId,
      invoiceId: invoice.id!,
      customerRef: idOf(invoice.customer),
      periodStart: new Date(period.start * 1000),
      periodEnd: new Date(period.end * 1000),
      amountCents: event.type === 'invoice.paid' ? invoice.amount_paid : invoice.amount_due,
      lastError: event.type === 'invoice.paid' ? null : (invoice.last_finalization_error?.message ?? 'Your card was declined.'),
      metadata: { ...(details?.metadata ?? {}) },
    };
  }
  if (event.type === 'customer.subscription.updated' || event.type === 'customer.subscription.deleted') {
    return { kind: 'subscription_changed', subscription: toSubscription(event.data.object) };
  }
  return null;
}

const SUBSCRIPTION_EXPAND = ['latest_invoice.confirmation_secret', 'latest_invoice.payments'];

/** Stripe behind the PaymentProvider interface; the amount always comes from the server's own pricing. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly client: Stripe;

  constructor(settings: StripeSettings) {
    this.client = createStripeClient(settings);
  }

  async createIntent(input: CreateIntentInput): Promise<PaymentIntent> {
    const common = {
      amount: input.amountCents,
      currency: input.currency,
      metadata: { ...input.metadata, ...(input.bookingId ? { bookingId: input.bookingId } : {}), saveCard: input.saveCard ? 'true' : 'false' },
      ...(input.receiptEmail ? { receipt_email: input.receiptEmail } : {}),
      ...(input.customerRef ? { customer: input.customerRef } : {}),
    };
    const params: Stripe.PaymentIntentCreateParams = input.paymentMethodId
      ? // A saved card is charged at once, on the server; the browser only hears the outcome. Off session (the
        // balance, a fee) the customer is not there to authenticate, and Stripe is told so.
        {
          ...common,
          payment_method: input.paymentMethodId,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' as const },
          confirm: true,
          ...(input.offSession ? { off_session: true } : {}),
          expand: ['payment_method'],
        }
      : {
          ...common,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' as const },
          ...((input.saveCard || input.keepForLater) && input.customerRef ? { setup_future_usage: 'off_session' as const } : {}),
        };
    try {
      const pi = await this.client.paymentIntents.create(params, { idempotencyKey: input.idempotencyKey });
      return toPaymentIntent(pi);
    } catch (error) {
      // A declined saved card comes back as a card error that still carries the intent.
      const raw = (error as { raw?: { payment_intent?: Stripe.PaymentIntent } }).raw;
      if (raw?.payment_intent) return toPaymentIntent(raw.payment_intent);
      throw error;
    }
  }

  async retrieveIntent(intentId: string): Promise<PaymentIntent> {
    return toPaymentIntent(await this.client.paymentIntents.retrieve(intentId, { expand: ['payment_method'] }));
  }

  async cancelIntent(intentId: string): Promise<PaymentIntent> {
    try {
      return toPaymentIntent(await this.client.paymentIntents.cancel(intentId, { expand: ['payment_method'] }));
    } catch (error) {
      // Succeeded or processing meanwhile: Stripe refuses the cancel, and the caller settles what it finds.
      if ((error as { code?: string }).code === 'payment_intent_unexpected_state') return this.retrieveIntent(intentId);
      throw error;
    }
  }

  async refund(intentId: string, amountCents?: number, idempotencyKey?: string): Promise<string> {
    const refund = await this.client.refunds.create(
      { payment_intent: intentId, ...(amountCents ? { amount: amountCents } : {}) },
      { idempotencyKey: idempotencyKey ? `refund-${idempotencyKey}` : `refund-${intentId}-${amountCents ?? 'all'}` },
    );
    return refund.id;
  }

  async ensureCustomer(input: { userId: string; email: string; name: string; existingRef: string | null }): Promise<string> {
    if (input.existingRef) return input.existingRef;
    const customer = await this.client.customers.create({ email: input.email, name: input.name, metadata: { userId: input.userId } }, { idempotencyKey: `customer-${input.userId}` });
    return customer.id;
  }

  async detachCard(providerMethodId: string): Promise<void> {
    await this.client.paymentMethods.detach(providerMethodId);
  }

  async createSetupIntent(input: CreateSetupInput): Promise<PaymentIntent> {
    const si = await this.client.setupIntents.create(
      { customer: input.customerRef, usage: 'off_session', automatic_payment_methods: { enabled: true, allow_redirects: 'never' }, metadata: input.metadata },
      { idempotencyKey: input.idempotencyKey },
    );
    return fromSetupIntent(si);
  }

  async retrieveSetupIntent(setupIntentId: string): Promise<PaymentIntent> {
    return fromSetupIntent(await this.client.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] }));
  }

  /** The plan's Product and monthly Price: the remembered price, else the one under its lookup key, else a new one. */
  private async planPrice(plan: SubscriptionPlan): Promise<string> {
    if (plan.knownPriceId) return plan.knownPriceId;
    const lookupKey = planLookupKey(plan);
    const [found] = (await this.client.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 })).data;
    if (found) return found.id;
    const product = await this.client.products.create({ id: `glint_membership_${plan.planId.replace(/-/g, '')}`, name: plan.name, metadata: { planId: plan.planId } }, { idempotencyKey: `membership-product-${plan.planId}` }).catch(async (error) => {
      // Made before (a price of an earlier amount): the plan's product is reused.
      if ((error as { code?: string }).code === 'resource_already_exists') return this.client.products.retrieve(`glint_membership_${plan.planId.replace(/-/g, '')}`);
      throw error;
    });
    const price = await this.client.prices.create(
      { product: product.id, currency: 'usd', unit_amount: plan.priceCents, recurring: { interval: 'month' }, lookup_key: lookupKey, metadata: { planId: plan.planId } },
      { idempotencyKey: `membership-price-${lookupKey}` },
    );
    return price.id;
  }

  async createSubscription(input: CreateSubscriptionInput): Promise<ProviderSubscription> {
    const price = await this.planPrice(input.plan);
    const sub = await this.client.subscriptions.create(
      {
        customer: input.customerRef,
        items: [{ price }],
        // The first invoice waits for the browser to confirm its payment (the card form, 3-D Secure).
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
        ...(input.paymentMethodId ? { default_payment_method: input.paymentMethodId } : {}),
        metadata: input.metadata,
        expand: SUBSCRIPTION_EXPAND,
      },
      { idempotencyKey: input.idempotencyKey },
    );
    const result = toSubscription(sub);
    if (!result.payment) return { ...result, priceId: price };
    // The first payment carries the membership's metadata, so its confirmation (and its webhook) knows what it pays.
    const { id, metadata } = result.payment;
    await this.client.paymentIntents.update(id, { metadata: metadata ?? {} }, { idempotencyKey: `${input.idempotencyKey}-intent` });
    if (!input.paymentMethodId) return { ...result, priceId: price };
    // A saved card pays the first invoice now, with the customer present: 3-D Secure leaves it requires_action for the browser.
    const payment = await this.client.paymentIntents
      .confirm(id, { payment_method: input.paymentMethodId, expand: ['payment_method'] }, { idempotencyKey: `${input.idempotencyKey}-confirm` })
      .catch((error) => {
        const raw = (error as { raw?: { payment_intent?: Stripe.PaymentIntent } }).raw;
        if (raw?.payment_intent) return raw.payment_intent;
        throw error;
      });
    return { ...result, priceId: price, payment: toPaymentIntent(payment) };
  }

  async retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    return toSubscription(await this.client.subscriptions.retrieve(subscriptionId, { expand: SUBSCRIPTION_EXPAND }));
  }

  async pauseSubscription(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription> {
    return toSubscription(await this.client.subscriptions.update(subscriptionId, { pause_collection: { behavior: 'void' }, expand: SUBSCRIPTION_EXPAND }, { idempotencyKey }));
  }

  async resumeSubscription(subscriptionId: string, input: { restartNow: boolean; idempotencyKey: string }): Promise<ProviderSubscription> {
    const params: Stripe.SubscriptionUpdateParams = input.restartNow
      ? // After the paid month a new one begins now and is invoiced at once; a card that needs the customer waits for them.
        { pause_collection: '', billing_cycle_anchor: { type: 'now' }, proration_behavior: 'none', payment_behavior: 'default_incomplete', expand: SUBSCRIPTION_EXPAND }
      : { pause_collection: '', expand: SUBSCRIPTION_EXPAND };
    return toSubscription(await this.client.subscriptions.update(subscriptionId, params, { idempotencyKey: input.idempotencyKey }));
  }

  async cancelSubscription(subscriptionId: string, input: { atPeriodEnd: boolean; idempotencyKey: string }): Promise<ProviderSubscription> {
    const sub = input.atPeriodEnd
      ? await this.client.subscriptions.update(subscriptionId, { cancel_at_period_end: true, expand: SUBSCRIPTION_EXPAND }, { idempotencyKey: input.idempotencyKey })
      : await this.client.subscriptions.cancel(subscriptionId, { expand: SUBSCRIPTION_EXPAND }, { idempotencyKey: input.idempotencyKey });
    return toSubscription(sub);
  }

  async payInvoice(invoiceId: string, input: { paymentMethodId: string; idempotencyKey: string }): Promise<{ paid: boolean; lastError: string | null }> {
    try {
      const invoice = await this.client.invoices.pay(invoiceId, { payment_method: input.paymentMethodId, off_session: true }, { idempotencyKey: input.idempotencyKey });
      return { paid: invoice.status === 'paid', lastError: invoice.status === 'paid' ? null : 'Your card was declined.' };
    } catch (error) {
      // A declined card is Stripe's card error; anything else (the network, a bad request) is the caller's to see.
      if ((error as { type?: string }).type === 'StripeCardError') return { paid: false, lastError: (error as Error).message || 'Your card was declined.' };
      throw error;
    }
  }

  /** Verifies a webhook's signature on the exact raw body; throws on a forged or stale one. */
  verifyWebhook(rawBody: Buffer | string, signature: string, secret: string): Stripe.Event {
    return this.client.webhooks.constructEvent(rawBody, signature, secret);
  }
}
