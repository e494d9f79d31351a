import type { AppContext } from '../../context';
import type { PaymentProvider } from './provider';
import { StripePaymentProvider } from './stripe-provider';
import { TestPaymentProvider } from './test-provider';

export type { PaymentProvider, PaymentIntent, CardDetails } from './provider';
export { StripePaymentProvider } from './stripe-provider';
export { TestPaymentProvider } from './test-provider';

const stripeClients = new Map<string, StripePaymentProvider>();

/**
 * The configured card provider: Stripe when STRIPE_SECRET_KEY is set, otherwise the built-in test provider.
 * Other features call `refund`, `ensureCustomer` and `detachCard` through this.
 */
export function getPaymentProvider(ctx: AppContext): PaymentProvider {
  const { secretKey, apiBase } = ctx.config.stripe;
  if (secretKey) {
    const key = `${secretKey}|${apiBase ?? ''}`;
    let provider = stripeClients.get(key);
    if (!provider) {
      provider = new StripePaymentProvider({ secretKey, apiBase });
      stripeClients.set(key, provider);
    }
    return provider;
  }
  return new TestPaymentProvider(ctx.db, ctx.now);
}

export function isStripe(provider: PaymentProvider): provider is StripePaymentProvider {
  return provider.name === 'stripe';
}

export function isTestProvider(provider: PaymentProvider): provider is TestPaymentProvider {
  return provider.name === 'test';
}
