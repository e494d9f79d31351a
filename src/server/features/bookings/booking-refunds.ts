import { and, eq } from 'drizzle-orm';
import { toCents } from '../../../shared/money';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { bookingPayments, type BookingPaymentStatus } from '../../db/schema';
import { AppError } from '../../errors';
import { isTestProvider, providerInTransaction } from '../../integrations/payments';
import { UnknownIntentError } from '../../integrations/payments/test-provider';
import { restoreForBooking } from '../packages';

/** One card payment of a booking, as the ledger (`booking_payments`) knows it. */
export interface PaymentRef {
  intentId: string;
  provider: string;
  amountCents: number;
}

export async function findPayment(db: DbOrTx, provider: string, intentId: string) {
  const [row] = await db.select().from(bookingPayments).where(and(eq(bookingPayments.provider, provider), eq(bookingPayments.intentId, intentId)));
  return row;
}

/** Writes where a payment stands in the booking's ledger (the row is made when the intent is first seen). */
export async function recordPayment(tx: DbOrTx, bookingId: string, payment: PaymentRef, status: BookingPaymentStatus): Promise<void> {
  await tx
    .insert(bookingPayments)
    .values({ bookingId, provider: payment.provider, intentId: payment.intentId, amountCents: payment.amountCents, status })
    .onConflictDoUpdate({ target: [bookingPayments.provider, bookingPayments.intentId], set: { status, updatedAt: new Date() } });
}

/**
 * Gives one payment back in full through the provider and marks it refunded in the ledger, inside the
 * caller's transaction (so a failed refund leaves nothing saved).
 */
export async function refundPayment(ctx: AppContext, tx: DbOrTx, bookingId: string, payment: PaymentRef): Promise<void> {
  const provider = providerInTransaction(ctx, tx);
  if (payment.provider !== provider.name) {
    throw new AppError('PAID_ELSEWHERE', `This booking was paid through another payment system. Please call us at ${ctx.config.business.phone} to cancel it.`, { phone: ctx.config.business.phone });
  }
  try {
    await provider.refund(payment.intentId);
  } catch (error) {
    // Demo bookings carry made-up intent ids the test provider never saw: nothing was charged, nothing to return.
    const neverCharged = isTestProvider(provider) && error instanceof UnknownIntentError;
    if (!neverCharged) throw new AppError('REFUND_FAILED', 'The payment could not be refunded right now, so the booking was not cancelled. Please try again in a moment.');
  }
  await recordPayment(tx, bookingId, payment, 'refunded');
}

/**
 * Inside the cancelling transaction: refunds every payment the booking kept (its own, and any other that
 * succeeded and was not yet given back); answers whether money went back, and the lifecycle then marks the
 * booking refunded (it alone writes `bookings`). Call it as the last step before commit, so a failed refund
 * leaves nothing saved.
 */
export async function refundCancelledBooking(
  ctx: AppContext,
  tx: DbOrTx,
  booking: { id: string; paymentStatus: string; paymentIntentId: string | null; paymentProvider: string | null; totalAmount: string },
): Promise<boolean> {
  const succeeded = await tx
    .select({ intentId: bookingPayments.intentId, provider: bookingPayments.provider, amountCents: bookingPayments.amountCents })
    .from(bookingPayments)
    .where(and(eq(bookingPayments.bookingId, booking.id), eq(bookingPayments.status, 'succeeded')));
  const payments: PaymentRef[] = [...succeeded];
  // A booking paid before the ledger existed knows its payment only by its own columns.
  if (booking.paymentStatus === 'paid' && booking.paymentIntentId && !payments.some((p) => p.intentId === booking.paymentIntentId)) {
    const provider = booking.paymentProvider ?? ctx.payments.name;
    const entry = await findPayment(tx, provider, booking.paymentIntentId);
    if (entry?.status !== 'refunded') payments.push({ intentId: booking.paymentIntentId, provider, amountCents: toCents(booking.totalAmount) });
  }
  if (payments.length === 0) return false;
  for (const payment of payments) await refundPayment(ctx, tx, booking.id, payment);
  return true;
}

/** Inside the cancelling transaction: a booking paid with a package credit gives it back (once); answers whether it did. */
export async function restorePackageCredit(ctx: AppContext, tx: DbOrTx, booking: { id: string; paymentStatus: string }): Promise<boolean> {
  if (booking.paymentStatus !== 'package') return false;
  return restoreForBooking(ctx, tx, booking.id);
}
