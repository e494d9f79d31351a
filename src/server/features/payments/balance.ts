import { awaitsBalance, nextCardPayment } from '../../../shared/deposits';
import type { AppContext } from '../../context';
import type { BookingEventSubscriber } from '../../events/booking-events';
import { jobsOn, type JobDefinition } from '../../jobs/boss';
import { providerInTransaction } from '../../integrations/payments';
import { bookingVerbs, emailBalanceFailed, findBooking, ledgerView, SYSTEM } from '../bookings';

/**
 * The balance after a deposit (decision 057): charged to the card the deposit was paid with, off session, when
 * the job is completed. A pg-boss job per booking (inline where no queue runs); one balance per booking however
 * often it runs, because the provider's idempotency key is the booking's and its amount, and the ledger
 * settles an intent once. A declined card leaves the balance due and the customer gets the pay link.
 */
export const CHARGE_BALANCE_JOB = 'payments.charge-balance';

export type BalanceOutcome = 'charged' | 'declined' | 'nothing_due' | 'no_card';

export async function chargeBalance(ctx: AppContext, bookingId: string): Promise<BalanceOutcome> {
  const booking = await findBooking(ctx.db, bookingId);
  if (!booking || booking.status !== 'completed' || !awaitsBalance(booking)) return 'nothing_due';
  const next = nextCardPayment((await ledgerView(ctx.db, booking)).summary, booking.depositCents);
  if (!next || next.kind !== 'balance') return 'nothing_due';
  const provider = providerInTransaction(ctx, ctx.db);
  if (!booking.paymentIntentId || booking.paymentProvider !== provider.name) return 'no_card';
  const paidWith = await provider.retrieveIntent(booking.paymentIntentId);
  if (!paidWith.card || !paidWith.customerRef) return 'no_card';
  const intent = await provider.createIntent({
    bookingId,
    amountCents: next.amountCents,
    currency: 'usd',
    idempotencyKey: `balance-${bookingId}-${next.amountCents}`,
    customerRef: paidWith.customerRef,
    paymentMethodId: paidWith.card.providerMethodId,
    offSession: true,
    metadata: { charge: 'balance' },
  });
  if (intent.status !== 'succeeded') {
    await emailBalanceFailed(ctx, bookingId, next.amountCents);
    return 'declined';
  }
  const verbs = bookingVerbs(ctx);
  await ctx.db.transaction(async (tx) => {
    const payment = { intentId: intent.id, provider: provider.name, amountCents: intent.amountCents };
    const paid = await verbs.markPaid(tx, bookingId, SYSTEM, { ...payment, currency: intent.currency, intentBookingId: intent.bookingId, card: intent.card, offSession: true });
    // Paid meanwhile through the pay link: this charge goes back at once, as any second payment does.
    if (paid.outcome === 'duplicate') await verbs.refundDuplicatePayment(tx, bookingId, SYSTEM, payment);
  });
  return 'charged';
}

/**
 * A completed job with a balance due gets its charge: queued in the delivery's transaction (with its delivered
 * mark, and never waiting for the connection that transaction holds), or run here where no queue runs (tests).
 */
export const balanceOnCompletion: BookingEventSubscriber = {
  name: 'payments.balance-on-completion',
  kinds: ['status_changed'],
  wants: (event) => event.payload.status === 'completed',
  handle: async (ctx, event) => {
    if (ctx.jobs) await ctx.jobs.send(CHARGE_BALANCE_JOB, { bookingId: event.bookingId }, { singletonKey: event.bookingId, retryLimit: 3, retryDelay: 60, retryBackoff: true, db: jobsOn(ctx.db) });
    else await chargeBalance(ctx, event.bookingId);
  },
};

export function balanceJobs(ctx: AppContext): JobDefinition<{ bookingId: string }>[] {
  return [{ name: CHARGE_BALANCE_JOB, handler: async ({ bookingId }) => void (await chargeBalance(ctx, bookingId)) }];
}
