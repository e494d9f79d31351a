import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Database, DbOrTx } from '../../db/client';
import { bookings } from '../../db/schema';
import { AppError } from '../../errors';
import { getPaymentProvider, isTestProvider, TestPaymentProvider, type PaymentProvider } from '../../integrations/payments';
import { UnknownIntentError } from '../../integrations/payments/test-provider';

/** The provider, bound to the caller's transaction for the test provider (PGlite runs one query at a time). */
export function providerInTransaction(ctx: AppContext, tx: DbOrTx): PaymentProvider {
  const provider = getPaymentProvider(ctx);
  return isTestProvider(provider) ? new TestPaymentProvider(tx as unknown as Database, ctx.now) : provider;
}

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
    throw new AppError('CONFLICT', `This booking was paid through another payment system. Please call us at ${ctx.config.business.phone} to cancel it.`);
  }
  try {
    await provider.refund(booking.paymentIntentId);
  } catch (error) {
    // Demo bookings carry made-up intent ids the test provider never saw: nothing was charged, nothing to return.
    const neverCharged = isTestProvider(provider) && error instanceof UnknownIntentError;
    if (!neverCharged) throw new AppError('UNAVAILABLE', 'The payment could not be refunded right now, so the booking was not cancelled. Please try again in a moment.');
  }
  await tx.update(bookings).set({ paymentStatus: 'refunded' }).where(eq(bookings.id, booking.id));
  return true;
}
