import { MAX_SAVED_CARDS } from '../../../shared/schemas/account';
import type { SavedCardView } from '../../../shared/schemas/checkout';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { CardDetails, PaymentProvider } from '../../integrations/payments';
import { setStripeCustomer } from '../auth';
import * as repo from './payment-methods.repository';

/**
 * What paying features (checkout, package purchases) and the account's Add card ask of the saved cards:
 * the cards a payment may use, the provider's customer a card is kept under, and keeping a card once.
 */

/** The customer's cards at the current provider, default first, as a payment form lists them. */
export async function savedCardsFor(ctx: AppContext, userId: string | undefined): Promise<SavedCardView[]> {
  if (!userId) return [];
  const cards = await repo.listCardsForProvider(ctx.db, userId, ctx.payments.name);
  return cards.map(({ id, brand, last4, expiryMonth, expiryYear, isDefault }) => ({ id, brand, last4, expiryMonth, expiryYear, isDefault }));
}

/** The customer's own saved card at the current provider, with its provider reference; undefined otherwise. */
export async function usableCard(ctx: AppContext, userId: string, id: string): Promise<{ id: string; providerMethodId: string } | undefined> {
  const card = await repo.findOwnCard(ctx.db, userId, id);
  return card && card.provider === ctx.payments.name ? { id: card.id, providerMethodId: card.providerMethodId } : undefined;
}

/** The provider's customer for an account (made once at Stripe and remembered on the user). */
export async function paymentCustomerRef(ctx: AppContext, user: { id: string; email: string; fullName: string }): Promise<string> {
  const provider: PaymentProvider = ctx.payments;
  const existing = provider.name === 'stripe' ? await repo.stripeCustomerIdOf(ctx.db, user.id) : null;
  const ref = await provider.ensureCustomer({ userId: user.id, email: user.email, name: user.fullName, existingRef: existing });
  if (provider.name === 'stripe' && ref !== existing) await setStripeCustomer(ctx.db, user.id, ref);
  return ref;
}

/**
 * Keeps a card the customer asked to keep, once: the same provider card, or the same brand, last four and
 * expiry, is not added again, and nothing past MAX_SAVED_CARDS. The first card is the default. Answers the
 * kept card's id (null when the limit stopped it).
 */
export async function keepCard(tx: DbOrTx, userId: string, provider: string, card: CardDetails): Promise<string | null> {
  await repo.lockCustomerCards(tx, userId);
  const cards = await repo.listAllCards(tx, userId);
  const same = cards.find(
    (c) => c.providerMethodId === card.providerMethodId || (c.provider === provider && c.brand === card.brand && c.last4 === card.last4 && c.expiryMonth === card.expiryMonth && c.expiryYear === card.expiryYear),
  );
  if (same) return same.id;
  if (cards.length >= MAX_SAVED_CARDS) return null;
  return repo.insertCard(tx, {
    userId,
    provider,
    providerMethodId: card.providerMethodId,
    brand: card.brand,
    last4: card.last4,
    expiryMonth: card.expiryMonth,
    expiryYear: card.expiryYear,
    isDefault: !cards.some((c) => c.isDefault),
  });
}
