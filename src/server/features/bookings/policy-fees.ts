import { feeCentsFor, isLateCancellation, lateCancelSplit } from '../../../shared/deposits';
import { toCents } from '../../../shared/money';
import type { CancelQuote } from '../../../shared/schemas/policy';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { bookings } from '../../db/schema';
import { readBusinessSettings } from '../settings';
import { cardRefundableCents } from './booking-refunds';

type BookingRow = typeof bookings.$inferSelect;

/**
 * What the customer's own cancellation costs now (decision 057): inside the free-cancellation window of the
 * policy (`cancellation` settings), a booking whose customer agreed to the policy keeps the late-cancel fee
 * (`feeCentsFor`, never above its total) from what was paid and gets the rest back (`lateCancelSplit`); what the
 * payments do not cover is charged to the card kept for later. Outside the window, or without consent, all
 * of it goes back. The preview the customer confirms and the cancellation itself both use it.
 */
export async function cancelQuote(ctx: AppContext, db: DbOrTx, booking: Pick<BookingRow, 'id' | 'scheduledDate' | 'totalAmount' | 'policyConsentAt' | 'paymentStatus' | 'paymentIntentId'>): Promise<CancelQuote> {
  const { cancellation } = await readBusinessSettings(db, ['cancellation']);
  const refundable = await cardRefundableCents(db, booking);
  const late = isLateCancellation(booking.scheduledDate, ctx.now(), cancellation.freeCancelHours);
  const fee = late && booking.policyConsentAt ? feeCentsFor(cancellation.lateCancelFee, toCents(booking.totalAmount)) : 0;
  const split = lateCancelSplit(fee, refundable);
  return { late, feeCents: fee, refundCents: split.refundCents, freeCancelHours: cancellation.freeCancelHours };
}

/** The no-show fee of a booking (decision 057): the policy's, never above the booking's total. */
export async function noShowFeeCents(db: DbOrTx, booking: Pick<BookingRow, 'totalAmount'>): Promise<number> {
  const { cancellation } = await readBusinessSettings(db, ['cancellation']);
  return feeCentsFor(cancellation.noShowFee, toCents(booking.totalAmount));
}
