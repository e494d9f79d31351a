import Stripe from 'stripe';
import type { CardDetails, CreateIntentInput, CreateSetupInput, IntentStatus, PaymentIntent, PaymentProvider } from './provider';

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

  /** Verifies a webhook's signature on the exact raw body; throws on a forged or stale one. */
  verifyWebhook(rawBody: Buffer | string, signature: string, secret: string): Stripe.Event {
    return this.client.webhooks.constructEvent(rawBody, signature, secret);
  }
}
