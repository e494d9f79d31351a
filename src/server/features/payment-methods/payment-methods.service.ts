import { randomUUID } from 'node:crypto';
import { MAX_SAVED_CARDS, type CardSetupResponse, type SavedPaymentMethod } from '../../../shared/schemas/account';
import type { PublicUser } from '../../../shared/schemas/auth';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { getPaymentProvider } from '../../integrations/payments';
import * as repo from './payment-methods.repository';
import { keepCard, paymentCustomerRef } from './saved-cards';

const NOT_FOUND = 'Payment method not found';

/** Cards are saved at checkout or added here (a setup at the provider); the customer lists them, picks the default, removes them. */
export async function listPaymentMethods(ctx: AppContext, actor: PublicUser): Promise<SavedPaymentMethod[]> {
  return repo.listCards(ctx.db, actor.id, MAX_SAVED_CARDS);
}

export async function makeDefaultPaymentMethod(ctx: AppContext, actor: PublicUser, id: string): Promise<{ message: string; paymentMethod: SavedPaymentMethod }> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockCustomerCards(tx, actor.id);
    const found = await repo.findOwnCard(tx, actor.id, id);
    if (!found) throw new AppError('PAYMENT_METHOD_NOT_FOUND', NOT_FOUND);
    if (!found.isDefault) await repo.makeDefault(tx, actor.id, id);
    const { providerMethodId: _secret, ...card } = found;
    return { message: 'Default payment method updated', paymentMethod: { ...card, isDefault: true, createdAt: card.createdAt.toISOString() } };
  });
}

/**
 * Detaches the card at the provider first (so a card we forget can no longer be charged), then deletes it
 * and promotes the oldest remaining card when it was the default. A provider failure leaves the card saved.
 */
export async function deletePaymentMethod(ctx: AppContext, actor: PublicUser, id: string): Promise<{ message: string }> {
  await ctx.db.transaction(async (tx) => {
    await repo.lockCustomerCards(tx, actor.id);
    const found = await repo.findOwnCard(tx, actor.id, id);
    if (!found) throw new AppError('PAYMENT_METHOD_NOT_FOUND', NOT_FOUND);
    const provider = getPaymentProvider(ctx);
    if (found.provider === provider.name) {
      try {
        await provider.detachCard(found.providerMethodId);
      } catch {
        throw new AppError('CARD_REMOVAL_UNAVAILABLE', 'We could not remove this card right now. Please try again in a moment.');
      }
    }
    await repo.deleteCard(tx, actor.id, id);
    if (found.isDefault) {
      const next = await repo.oldestOtherCard(tx, actor.id, id);
      if (next) await repo.makeDefault(tx, actor.id, next);
    }
  });
  return { message: 'Payment method deleted successfully' };
}

const CARD_SETUP = 'card_setup';

/**
 * Add card: a setup at the provider under the customer's provider account (Stripe's SetupIntent; the test
 * provider's $0 intent). No money moves; the card form confirms it, then `confirmCardSetup` keeps the card.
 */
export async function startCardSetup(ctx: AppContext, actor: PublicUser): Promise<CardSetupResponse> {
  const customerRef = await paymentCustomerRef(ctx, actor);
  try {
    const setup = await ctx.payments.createSetupIntent({ customerRef, idempotencyKey: `setup-${actor.id}-${randomUUID()}`, metadata: { purpose: CARD_SETUP, userId: actor.id } });
    return { setupIntentId: setup.id, clientSecret: setup.clientSecret, provider: ctx.payments.name };
  } catch (error) {
    console.error('creating a card setup failed', error);
    throw new AppError('PAYMENT_UNAVAILABLE', 'Unable to initialize payment. Please try again.');
  }
}

/**
 * Asks the provider (never the browser) whether the setup succeeded, and keeps its card once: confirming
 * twice answers the same card. Someone else's setup is not found.
 */
export async function confirmCardSetup(ctx: AppContext, actor: PublicUser, setupIntentId: string): Promise<{ message: string; paymentMethod: SavedPaymentMethod }> {
  const setup = await ctx.payments.retrieveSetupIntent(setupIntentId).catch(() => undefined);
  if (!setup || setup.metadata?.purpose !== CARD_SETUP || setup.metadata?.userId !== actor.id) throw new AppError('PAYMENT_NOT_FOUND', 'Payment not found');
  if (setup.status !== 'succeeded' || !setup.card) throw new AppError('CARD_SETUP_NOT_COMPLETED', 'The card was not saved: it was not confirmed. Please try again.');
  const card = setup.card;
  const id = await ctx.db.transaction((tx) => keepCard(tx, actor.id, ctx.payments.name, card));
  if (!id) throw new AppError('CARD_LIMIT_REACHED', `You can save up to ${MAX_SAVED_CARDS} cards. Please delete one first.`, { max: MAX_SAVED_CARDS });
  const saved = (await repo.findOwnCard(ctx.db, actor.id, id))!;
  const { providerMethodId: _secret, ...view } = saved;
  return { message: 'Card saved', paymentMethod: { ...view, createdAt: view.createdAt.toISOString() } };
}
