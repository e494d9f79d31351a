import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { isTestProvider, providerInTransaction } from '../../integrations/payments';
import { UnknownIntentError } from '../../integrations/payments/test-provider';
import { restoreForBooking } from '../packages';
import { toCents } from '../../../shared/money';
import { attachIntentToCharge, findEntryById, findPayment, insertEntry, recordIntent, refundableCharges, type LedgerEntry, type PaymentRef } from './ledger';

export type { PaymentRef } from './ledger';

/** Methods whose money the business cannot give back from here: the store refunds its own orders, a package its credit. */
const NOT_REFUNDABLE_HERE = new Set(['store', 'package_credit']);

export interface RefundFacts {
  /** The refund's own Idempotency-Key at the provider and in the ledger (scoped by the caller). */
  idempotencyKey?: string | null;
  recordedBy?: string | null;
  note?: string | null;
}

/**
 * Gives `amountCents` of one settled charge back and records the refund as a row of its own, inside the
 * caller's transaction (a failed provider call leaves nothing saved). A card charge goes back through the
 * provider (Stripe `refunds.create` with the amount); money taken by hand is handed back by the business, and
 * the row records it.
 */
export async function refundCharge(ctx: AppContext, tx: DbOrTx, charge: LedgerEntry, amountCents: number, facts: RefundFacts = {}): Promise<LedgerEntry> {
  let providerRef: string | null = null;
  // A fee kept from a card charge (decision 057) goes back through that charge's intent.
  const paidBy = !charge.intentId && charge.kind === 'fee' && charge.refundOf ? ((await findEntryById(tx, charge.refundOf)) ?? charge) : charge;
  if (paidBy.intentId && paidBy.provider) {
    const provider = providerInTransaction(ctx, tx);
    if (paidBy.provider !== provider.name) {
      throw new AppError('PAID_ELSEWHERE', `This booking was paid through another payment system. Please call us at ${ctx.config.business.phone} to cancel it.`, { phone: ctx.config.business.phone });
    }
    try {
      providerRef = await provider.refund(paidBy.intentId, amountCents, facts.idempotencyKey ?? undefined);
    } catch (error) {
      // Demo bookings carry made-up intent ids the test provider never saw: nothing was charged, nothing to return.
      const neverCharged = isTestProvider(provider) && error instanceof UnknownIntentError;
      if (!neverCharged) throw new AppError('REFUND_FAILED', 'The payment could not be refunded right now, so nothing was changed. Please try again in a moment.');
    }
  }
  return insertEntry(tx, {
    bookingId: charge.bookingId,
    kind: 'refund',
    method: charge.method,
    amountCents,
    provider: charge.provider,
    providerRef,
    refundOf: charge.id,
    recordedBy: facts.recordedBy ?? null,
    note: facts.note ?? null,
    idempotencyKey: facts.idempotencyKey ?? null,
  });
}

/** The ledger key of a refund request's first row, by which a replay of the request is known. */
export const refundKey = (idempotencyKey: string) => `${idempotencyKey}:0`;

/**
 * Spreads a refund of `amountCents` over the booking's charges (card charges first, newest first) and records
 * it; the caller checked it is no more than what may be refunded. Answers the refund rows.
 */
export async function refundAmount(ctx: AppContext, tx: DbOrTx, bookingId: string, amountCents: number, facts: RefundFacts): Promise<LedgerEntry[]> {
  const rows: LedgerEntry[] = [];
  let left = amountCents;
  for (const charge of await refundableCharges(tx, bookingId)) {
    if (left <= 0) break;
    if (NOT_REFUNDABLE_HERE.has(charge.method)) continue;
    const part = Math.min(left, charge.remainingCents);
    // One key per row of the request (`<key>:0`, `<key>:1`…): its first row answers a replay (`refundKey`).
    rows.push(await refundCharge(ctx, tx, charge, part, { ...facts, idempotencyKey: facts.idempotencyKey ? `${facts.idempotencyKey}:${rows.length}` : null }));
    left -= part;
  }
  if (left > 0) throw new AppError('REFUND_EXCEEDS_PAID', 'That is more than was paid and not yet refunded.', { refundableCents: amountCents - left });
  return rows;
}

/** A card intent that succeeded, as a settled ledger row (made now if the intent was never recorded). */
export async function settledCharge(tx: DbOrTx, bookingId: string, payment: PaymentRef): Promise<LedgerEntry> {
  await recordIntent(tx, bookingId, payment, 'succeeded');
  return (await findPayment(tx, payment.provider, payment.intentId))!;
}

/** Whether a charge was already given back, in part or whole (a repeated report of a duplicate payment). */
export async function wasRefunded(tx: DbOrTx, bookingId: string, chargeId: string): Promise<boolean> {
  const open = await refundableCharges(tx, bookingId);
  return !open.some((c) => c.id === chargeId);
}

/**
 * A booking paid before the ledger knew its card intent (the intent only in `bookings.payment_intent_id`):
 * the intent goes onto its charge row, or becomes one, so refunds go through the provider. Run before a refund.
 */
export async function adoptBookingIntent(
  ctx: AppContext,
  tx: DbOrTx,
  booking: { id: string; paymentStatus: string; paymentIntentId: string | null; paymentProvider: string | null; totalAmount: string },
): Promise<void> {
  if (booking.paymentStatus !== 'paid' || !booking.paymentIntentId) return;
  const payment = { provider: booking.paymentProvider ?? ctx.payments.name, intentId: booking.paymentIntentId };
  if (await findPayment(tx, payment.provider, payment.intentId)) return;
  if (await attachIntentToCharge(tx, booking.id, payment)) return;
  await recordIntent(tx, booking.id, { ...payment, amountCents: toCents(booking.totalAmount) }, 'succeeded');
}

/**
 * Inside the cancelling transaction: gives back every card payment the booking kept, whatever is left of
 * each; answers whether money went back. Call it as the last step before commit, so a failed refund leaves
 * nothing saved. Cash taken by hand is the business's to hand back (a refund from the booking page).
 */
export async function refundCancelledBooking(
  ctx: AppContext,
  tx: DbOrTx,
  booking: { id: string; paymentStatus: string; paymentIntentId: string | null; paymentProvider: string | null; totalAmount: string },
): Promise<boolean> {
  await adoptBookingIntent(ctx, tx, booking);
  const charges = (await refundableCharges(tx, booking.id)).filter((c) => c.intentId && !NOT_REFUNDABLE_HERE.has(c.method));
  for (const charge of charges) await refundCharge(ctx, tx, charge, charge.remainingCents);
  return charges.length > 0;
}

/** Inside the cancelling transaction: a booking paid with a package credit gives it back (once); answers whether it did. */
export async function restorePackageCredit(ctx: AppContext, tx: DbOrTx, booking: { id: string; paymentStatus: string }): Promise<boolean> {
  if (booking.paymentStatus !== 'package') return false;
  return restoreForBooking(ctx, tx, booking.id);
}

// Policy fees (decision 057): a late cancellation's or a no-show's fee is kept from the card money the booking
// already paid first; the rest of that money goes back; what the payments do not cover may be charged to the
// card kept for later.

/** The card charges a cancellation gives back, with what is left of each (newest first). */
async function cardChargesOf(tx: DbOrTx, bookingId: string) {
  return (await refundableCharges(tx, bookingId)).filter((c) => c.intentId && !NOT_REFUNDABLE_HERE.has(c.method));
}

/**
 * What the booking's card payments could still give back, for a quote: the ledger's card charges, or a booking
 * paid before the ledger knew its intent (adopted when it is really cancelled).
 */
export async function cardRefundableCents(
  db: DbOrTx,
  booking: { id: string; paymentStatus: string; paymentIntentId: string | null; totalAmount: string },
): Promise<number> {
  const charges = await cardChargesOf(db, booking.id);
  if (charges.length) return charges.reduce((total, c) => total + c.remainingCents, 0);
  if (booking.paymentStatus === 'paid' && booking.paymentIntentId && !(await refundableCharges(db, booking.id)).length) return toCents(booking.totalAmount);
  return 0;
}

/**
 * Inside the cancelling transaction, instead of `refundCancelledBooking`: keeps up to `feeCents` of the card
 * money paid (newest charge first) and gives the rest back. The kept part leaves the price and becomes the
 * fee: a `refund` row of that charge that moves no money beside a `fee` row that points at the charge (so
 * the fee, if the office later gives it back, goes back through that charge's intent). Answers what was kept
 * and what went back.
 */
export async function keepFeeAndRefund(
  ctx: AppContext,
  tx: DbOrTx,
  booking: { id: string; paymentStatus: string; paymentIntentId: string | null; paymentProvider: string | null; totalAmount: string },
  feeCents: number,
  facts: { note: string; recordedBy?: string | null },
): Promise<{ keptCents: number; refundedCents: number }> {
  await adoptBookingIntent(ctx, tx, booking);
  let toKeep = Math.max(0, feeCents);
  let keptCents = 0;
  let refundedCents = 0;
  for (const charge of await cardChargesOf(tx, booking.id)) {
    const keep = Math.min(toKeep, charge.remainingCents);
    if (keep > 0) {
      const moved = { bookingId: booking.id, method: charge.method, amountCents: keep, provider: charge.provider, refundOf: charge.id, recordedBy: facts.recordedBy ?? null, note: facts.note, createdAt: ctx.now() };
      await insertEntry(tx, { ...moved, kind: 'refund' });
      await insertEntry(tx, { ...moved, kind: 'fee' });
      toKeep -= keep;
      keptCents += keep;
    }
    const give = charge.remainingCents - keep;
    if (give > 0) {
      await refundCharge(ctx, tx, charge, give);
      refundedCents += give;
    }
  }
  return { keptCents, refundedCents };
}

/**
 * Charges `amountCents` of a policy fee to the card the booking's last payment kept for later, off session
 * (decision 057), under a key of the booking's own, so a retry is one charge at the provider; a succeeded
 * charge is a `fee` row of method `saved_card`. Answers the cents charged: 0 when there is no kept card or the
 * card declines (the fee stays uncollected; nothing else changes).
 */
export async function chargeFeeToKeptCard(
  ctx: AppContext,
  tx: DbOrTx,
  booking: { id: string; paymentIntentId: string | null; paymentProvider: string | null },
  amountCents: number,
  purpose: 'no_show' | 'late_cancel',
): Promise<number> {
  if (amountCents <= 0) return 0;
  const provider = providerInTransaction(ctx, tx);
  if (!booking.paymentIntentId || booking.paymentProvider !== provider.name) return 0;
  const paidWith = await provider.retrieveIntent(booking.paymentIntentId).catch(() => null);
  if (!paidWith?.card || !paidWith.customerRef) return 0;
  const intent = await provider.createIntent({
    bookingId: booking.id,
    amountCents,
    currency: 'usd',
    idempotencyKey: `fee-${purpose}-${booking.id}-${amountCents}`,
    customerRef: paidWith.customerRef,
    paymentMethodId: paidWith.card.providerMethodId,
    offSession: true,
    metadata: { charge: purpose },
  });
  if (intent.status !== 'succeeded') return 0;
  await recordIntent(tx, booking.id, { intentId: intent.id, provider: provider.name, amountCents: intent.amountCents, kind: 'fee', method: 'saved_card' }, 'succeeded');
  return intent.amountCents;
}
