import type { Config } from '../../config';
import type { AppContext } from '../../context';
import type { Database, DbOrTx } from '../../db/client';
import type { PaymentProvider } from './provider';
import { StripePaymentProvider } from './stripe-provider';
import { TestPaymentProvider } from './test-provider';

export type { PaymentProvider, PaymentIntent, CardDetails } from './provider';
export { StripePaymentProvider } from './stripe-provider';
export { TestPaymentProvider } from './test-provider';

/**
 * The configured card provider, built once per app (app.ts puts it in `ctx.payments`): Stripe when
 * STRIPE_SECRET_KEY is set, otherwise the built-in test provider.
 */
export function createPaymentProvider(config: Config, db: Database, now: () => Date): PaymentProvider {
  const { secretKey, apiBase } = config.stripe;
  if (secretKey) return new StripePaymentProvider({ secretKey, apiBase });
  return new TestPaymentProvider(db, now);
}

/** The app's provider (other features call `refund`, `ensureCustomer` and `detachCard` through it). */
export function getPaymentProvider(ctx: AppContext): PaymentProvider {
  return ctx.payments;
}

/**
 * The provider bound to a transaction: the test provider keeps its intents in our own database, and on
 * PGlite (one connection) a query outside the transaction would wait for it forever. Stripe is a network
 * call and needs nothing of the sort.
 */
export function providerInTransaction(ctx: AppContext, tx: DbOrTx): PaymentProvider {
  const provider = ctx.payments;
  return isTestProvider(provider) ? new TestPaymentProvider(tx as unknown as Database, ctx.now) : provider;
}

export function isStripe(provider: PaymentProvider): provider is StripePaymentProvider {
  return provider.name === 'stripe';
}

export function isTestProvider(provider: PaymentProvider): provider is TestPaymentProvider {
  return provider.name === 'test';
}
