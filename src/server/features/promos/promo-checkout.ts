import { and, count, eq } from 'drizzle-orm';
import { jobServiceIds, normalisePromoCode, promoApplicableCents, promoDiscountCents, promoRefusal, type PromoRefusal } from '../../../shared/promo-codes';
import { withDiscount, type JobPrice } from '../../../shared/pricing';
import type { DbOrTx } from '../../db/client';
import { bookings, promoCodes, promoRedemptions } from '../../db/schema';
import { AppError } from '../../errors';
import type { ErrorCode } from '../../../shared/error-codes';
import { countedUses } from './promos.repository';

/**
 * A promo code at checkout (issue 25), inside the booking's transaction: the code's row is locked, so parallel
 * checkouts of one code take turns and its total-uses cap holds; a use counts while its booking holds its
 * time or is booked (a lapsed hold or a cancellation frees it). The discount is a line of the booking.
 */

const REFUSED: Record<PromoRefusal, { code: ErrorCode; message: string }> = {
  unknown: { code: 'PROMO_CODE_UNKNOWN', message: 'That promo code is not valid.' },
  expired: { code: 'PROMO_CODE_EXPIRED', message: 'That promo code has expired.' },
  not_for_service: { code: 'PROMO_CODE_NOT_FOR_SERVICE', message: 'That promo code does not apply to this service.' },
  used_up: { code: 'PROMO_CODE_USED_UP', message: 'That promo code has been used up.' },
  already_used: { code: 'PROMO_CODE_ALREADY_USED', message: 'You have already used that promo code.' },
};

/** Who is using the code: the account, or the guest's e-mail in lower case. */
export function promoCustomerKey(customer: { userId: string | null; email: string | null }): string {
  return customer.userId ? `user:${customer.userId}` : `email:${(customer.email ?? '').trim().toLowerCase()}`;
}

export interface ClaimedPromo {
  promoId: string;
  customerKey: string;
  userId: string | null;
  price: JobPrice;
}

export async function claimPromoCode(tx: DbOrTx, input: { code: string; price: JobPrice; customer: { userId: string | null; email: string | null }; now: Date }): Promise<ClaimedPromo> {
  const code = normalisePromoCode(input.code);
  const [promo] = await tx.select().from(promoCodes).where(eq(promoCodes.code, code)).for('update');
  const customerKey = promoCustomerKey(input.customer);
  const counted = promo ? and(eq(promoRedemptions.promoCodeId, promo.id), countedUses(input.now)) : undefined;
  const uses = async (where: ReturnType<typeof and>) => {
    const [row] = await tx.select({ n: count() }).from(promoRedemptions).innerJoin(bookings, eq(bookings.id, promoRedemptions.bookingId)).where(where);
    return Number(row?.n ?? 0);
  };
  const refusal = promoRefusal(promo, {
    serviceIds: jobServiceIds(input.price),
    now: input.now,
    usesCounted: promo ? await uses(counted) : 0,
    usedByCustomer: promo?.oncePerCustomer ? (await uses(and(counted, eq(promoRedemptions.customerKey, customerKey)))) > 0 : false,
  });
  if (refusal) throw new AppError(REFUSED[refusal].code, REFUSED[refusal].message, { code });
  const off = promoDiscountCents(promo!, promoApplicableCents(input.price, promo!.serviceIds));
  return { promoId: promo!.id, customerKey, userId: input.customer.userId, price: withDiscount(input.price, { cents: off, label: `Promo code ${code}` }) };
}

/** The booking made with the claimed code: its use, counted from now on. */
export async function recordPromoUse(tx: DbOrTx, claimed: ClaimedPromo, bookingId: string): Promise<void> {
  await tx.insert(promoRedemptions).values({ promoCodeId: claimed.promoId, bookingId, userId: claimed.userId, customerKey: claimed.customerKey, discountCents: claimed.price.discountCents });
}
