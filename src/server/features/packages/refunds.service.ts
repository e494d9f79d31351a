import type { PublicUser } from '../../../shared/schemas/auth';
import type { PurchaseView } from '../../../shared/schemas/packages';
import { formatUsd, fromCents, toCents } from '../../../shared/money';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isTestProvider, providerInTransaction } from '../../integrations/payments';
import { UnknownIntentError } from '../../integrations/payments/test-provider';
import { loadPurchase } from './package-views';
import * as repo from './packages.repository';

/** What a refund returns: the price paid minus the services used at the regular price per service (never below 0). */
export function refundCents(purchase: { purchasePrice: string; servicesIncluded: number; servicesRemaining: number; originalPrice: string; serviceCount: number }): number {
  const used = Math.max(0, purchase.servicesIncluded - purchase.servicesRemaining);
  const regularPerService = purchase.serviceCount > 0 ? Math.round(toCents(purchase.originalPrice) / purchase.serviceCount) : 0;
  return Math.max(0, toCents(purchase.purchasePrice) - used * regularPerService);
}

/**
 * The admin refunds a paid purchase: its remaining credits are removed (one `adjust` ledger row) and the
 * amount goes back through the provider as the last step before commit, so a failed refund saves nothing.
 */
export async function refundPurchase(ctx: AppContext, admin: PublicUser, purchaseId: string): Promise<PurchaseView & { refundedCents: number }> {
  const view = await repo.findPurchase(ctx.db, purchaseId);
  if (!view) throw new AppError('PACKAGE_NOT_FOUND', 'Package purchase not found');
  const cents = await ctx.db.transaction(async (tx) => {
    const purchase = await repo.lockPurchase(tx, purchaseId);
    if (!purchase) throw new AppError('PACKAGE_NOT_FOUND', 'Package purchase not found');
    if (purchase.paymentStatus === 'refunded') throw new AppError('PACKAGE_ALREADY_REFUNDED', 'This package was already refunded');
    if (purchase.paymentStatus !== 'paid' || !purchase.paymentIntentId) throw new AppError('PACKAGE_NOT_REFUNDABLE', 'Only a package paid by card can be refunded');
    const amount = refundCents({ ...purchase, originalPrice: view.originalPrice, serviceCount: view.serviceCount });
    const now = ctx.now();
    if (purchase.servicesRemaining > 0) {
      await repo.applyCredit(tx, { purchaseId, kind: 'adjust', delta: -purchase.servicesRemaining, adminUserId: admin.id, reason: `Refunded ${formatUsd(fromCents(amount))}` });
    }
    await repo.setPurchase(tx, purchaseId, { status: 'refunded', paymentStatus: 'refunded', refundedAt: now, refundedAmount: fromCents(amount) });
    if (amount > 0) {
      try {
        await providerInTransaction(ctx, tx).refund(purchase.paymentIntentId, amount);
      } catch (error) {
        const neverCharged = isTestProvider(ctx.payments) && error instanceof UnknownIntentError;
        if (!neverCharged) throw new AppError('REFUND_FAILED', 'The payment could not be refunded right now. Please try again in a moment.');
      }
    }
    return amount;
  });
  return { ...(await loadPurchase(ctx.db, purchaseId)), refundedCents: cents };
}
