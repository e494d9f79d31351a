import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import * as repo from './packages.repository';

/**
 * Package credits (docs/decisions/013-package-credits.md): the verbs other features call inside their own
 * transaction. Each locks the purchase row, checks, and writes one ledger row with the balance.
 */

/** Why a purchase cannot pay for one more service right now; undefined when it can. */
function unusable(purchase: repo.PurchaseRow, now: Date): AppError | undefined {
  if (purchase.status === 'expired' || (purchase.expiresAt && purchase.expiresAt.getTime() <= now.getTime())) {
    return new AppError('PACKAGE_EXPIRED', 'This package has expired');
  }
  if (purchase.status !== 'active') return new AppError('PACKAGE_NOT_ACTIVE', 'This package is no longer active');
  if (purchase.servicesRemaining <= 0) return new AppError('PACKAGE_USED_UP', 'This package has no services left');
  return undefined;
}

/**
 * Redeems one credit for a booking the customer is making (checkout): their own, active, unexpired purchase
 * of this very service, with a credit left. Concurrent redemptions wait on the row lock; the loser sees 0.
 */
export async function redeemForBooking(ctx: AppContext, tx: DbOrTx, input: { purchaseId: string; userId: string; serviceId: string; bookingId: string }): Promise<void> {
  const purchase = await repo.lockPurchase(tx, input.purchaseId);
  if (!purchase || purchase.userId !== input.userId) throw new AppError('PACKAGE_NOT_FOUND', 'Package not found');
  const problem = unusable(purchase, ctx.now());
  if (problem) throw problem;
  const pkg = await repo.findPackage(tx, purchase.packageId);
  if (pkg?.serviceId !== input.serviceId) throw new AppError('PACKAGE_WRONG_SERVICE', `This package is for ${purchase.serviceName}`, { service: purchase.serviceName });
  await repo.applyCredit(tx, { purchaseId: purchase.id, kind: 'redeem', delta: -1, bookingId: input.bookingId, reason: 'Booked at checkout' });
}

/** The admin's 'Mark Service Used': one credit, with the admin's id and notes. */
export async function redeemByAdmin(ctx: AppContext, tx: DbOrTx, input: { purchaseId: string; adminUserId: string; notes: string | null }): Promise<void> {
  const purchase = await repo.lockPurchase(tx, input.purchaseId);
  if (!purchase) throw new AppError('PACKAGE_NOT_FOUND', 'Package purchase not found');
  const problem = unusable(purchase, ctx.now());
  if (problem) throw problem;
  await repo.applyCredit(tx, { purchaseId: purchase.id, kind: 'redeem', delta: -1, adminUserId: input.adminUserId, reason: input.notes });
}

/**
 * A cancelled booking gives its credit back (once). Called by the booking lifecycle's cancel verbs through
 * booking-refunds.ts; answers whether a credit went back. An expired or refunded purchase keeps it gone.
 */
export async function restoreForBooking(ctx: AppContext, tx: DbOrTx, bookingId: string): Promise<boolean> {
  const redeemed = await repo.redeemedFor(tx, bookingId);
  if (!redeemed || redeemed.restored) return false;
  const purchase = await repo.lockPurchase(tx, redeemed.purchaseId);
  if (!purchase || purchase.status !== 'active') return false;
  if (purchase.expiresAt && purchase.expiresAt.getTime() <= ctx.now().getTime()) return false;
  await repo.applyCredit(tx, { purchaseId: purchase.id, kind: 'restore', delta: 1, bookingId, reason: 'Booking cancelled' });
  return true;
}
