import { MAX_SAVED_CARDS, type SavedPaymentMethod } from '../../../shared/schemas/account';
import type { PublicUser } from '../../../shared/schemas/auth';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { getPaymentProvider } from '../../integrations/payments';
import * as repo from './payment-methods.repository';

const NOT_FOUND = 'Payment method not found';

/** Cards are saved at checkout (booking feature); here the customer lists them, picks the default, removes them. */
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
