import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { bookings } from '../../db/schema';
import { AppError } from '../../errors';
import { isTestProvider, providerInTransaction } from '../../integrations/payments';
import { UnknownIntentError } from '../../integrations/payments/test-provider';
import { restoreForBooking } from '../packages/credits';

/**
 * Inside the cancelling transaction: refunds a paid booking in full and marks it refunded; answers whether
 * money went back. Call it as the last step before commit, so a failed refund leaves nothing saved.
 */
export async function refundCancelledBooking(
  ctx: AppContext,
  tx: DbOrTx,
  booking: { id: string; paymentStatus: string; paymentIntentId: string | null; paymentProvider: string | null },
): Promise<boolean> {
  if (booking.paymentStatus !== 'paid' || !booking.paymentIntentId) return false;
  const provider = providerInTransaction(ctx, tx);
  if (booking.paymentProvider && booking.paymentProvider !== provider.name) {
    throw new AppError('PAID_ELSEWHERE', `This booking was paid through another payment system. Please call us at ${ctx.config.business.phone} to cancel it.`, { phone: ctx.config.business.phone });
  }
  try {
    await provider.refund(booking.paymentIntentId);
  } catch (error) {
    // Demo bookings carry made-up intent ids the test provider never saw: nothing was charged, nothing to return.
    const neverCharged = isTestProvider(provider) && error instanceof UnknownIntentError;
    if (!neverCharged) throw new AppError('REFUND_FAILED', 'The payment could not be refunded right now, so the booking was not cancelled. Please try again in a moment.');
  }
  await tx.update(bookings).set({ paymentStatus: 'refunded' }).where(eq(bookings.id, booking.id));
  return true;
}

/** Inside the cancelling transaction: a booking paid with a package credit gives it back (once); answers whether it did. */
export async function restorePackageCredit(ctx: AppContext, tx: DbOrTx, booking: { id: string; paymentStatus: string }): Promise<boolean> {
  if (booking.paymentStatus !== 'package') return false;
  return restoreForBooking(ctx, tx, booking.id);
}
