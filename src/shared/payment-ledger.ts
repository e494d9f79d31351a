/**
 * A booking's money as a ledger (docs/decisions/049-payment-ledger.md): every charge, cash collection, tip,
 * fee and refund is one row, and what the booking's payment stands at and what it brought in are derived
 * from the rows here, in one place. Pure: the server derives the booking's state with it, the web shows the
 * receipt with it, and the revenue queries sum the kinds and methods it names.
 */

export const LEDGER_KINDS = ['deposit', 'balance', 'full', 'on_site', 'tip', 'fee', 'refund', 'credit'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const LEDGER_METHODS = ['card', 'saved_card', 'cash', 'check', 'card_reader', 'package_credit', 'store', 'other'] as const;
export type LedgerMethod = (typeof LEDGER_METHODS)[number];

/** What a driver or the office may record by hand when money changes hands in the driveway. */
export const COLLECT_METHODS = ['cash', 'check', 'card_reader', 'other'] as const satisfies readonly LedgerMethod[];
export type CollectMethod = (typeof COLLECT_METHODS)[number];

/** Where a booking's payment stands, derived from its ledger. */
export const LEDGER_STATES = ['unpaid', 'deposit_paid', 'paid', 'partially_refunded', 'refunded'] as const;
export type LedgerState = (typeof LEDGER_STATES)[number];

/** Rows that pay towards the booking's price (a tip or a fee is on top of it). */
export const PRICE_KINDS: readonly LedgerKind[] = ['deposit', 'balance', 'full', 'on_site', 'credit'];
/**
 * Rows that are the business's revenue. A `credit` (a goodwill or voucher credit) and a package credit
 * pay for the booking without money changing hands now, so they are not revenue: the package's sale was.
 * A tip is the technician's money (decision 058): in the ledger and the receipt, never in revenue; nor is
 * a refund of a tip.
 */
export const MONEY_IN_KINDS: readonly LedgerKind[] = ['deposit', 'balance', 'full', 'on_site', 'fee'];
export const NON_REVENUE_METHODS: readonly LedgerMethod[] = ['package_credit'];

export interface LedgerRow {
  kind: LedgerKind;
  method: LedgerMethod;
  amountCents: number;
  /** The row's id and, for a refund, the charge it gives back: a refund of a tip is not revenue. */
  id?: string;
  refundOf?: string | null;
}

export interface LedgerSummary {
  state: LedgerState;
  /** Paid towards the price (deposit, balance, full, on site, credits), before refunds. */
  paidCents: number;
  /** What is left to pay of the price; refunds do not make it owed again. */
  balanceCents: number;
  tipsCents: number;
  feesCents: number;
  refundedCents: number;
  /** Everything received (price, tips, fees) less what went back: what may still be refunded. */
  refundableCents: number;
  /** Money received less refunds, the figure revenue sums. */
  revenueCents: number;
}

const sum = (rows: readonly LedgerRow[], keep: (row: LedgerRow) => boolean) => rows.reduce((total, row) => (keep(row) ? total + row.amountCents : total), 0);

export function isRevenueRow(row: Pick<LedgerRow, 'kind' | 'method'>): boolean {
  return MONEY_IN_KINDS.includes(row.kind) && !NON_REVENUE_METHODS.includes(row.method);
}

/** The one derivation: a booking's settled ledger rows (amounts positive, refunds included) and its price. */
export function summariseLedger(rows: readonly LedgerRow[], priceCents: number): LedgerSummary {
  const paidCents = sum(rows, (r) => PRICE_KINDS.includes(r.kind));
  const tipsCents = sum(rows, (r) => r.kind === 'tip');
  const feesCents = sum(rows, (r) => r.kind === 'fee');
  const refundedCents = sum(rows, (r) => r.kind === 'refund');
  const receivedCents = paidCents + tipsCents + feesCents;
  const tipIds = new Set(rows.filter((r) => r.kind === 'tip' && r.id).map((r) => r.id));
  const ofTip = (r: LedgerRow) => Boolean(r.refundOf && tipIds.has(r.refundOf));
  const revenueCents = sum(rows, isRevenueRow) - sum(rows, (r) => r.kind === 'refund' && !NON_REVENUE_METHODS.includes(r.method) && !ofTip(r));
  // A second payment given back at once (decision 029) nets out: the booking is still paid, not part refunded.
  // A tip given back leaves the price paid.
  const keptTowardsPrice = paidCents - (refundedCents - sum(rows, (r) => r.kind === 'refund' && ofTip(r)));
  const state: LedgerState =
    receivedCents === 0
      ? 'unpaid'
      : refundedCents >= receivedCents
        ? 'refunded'
        : keptTowardsPrice >= priceCents
          ? 'paid'
          : refundedCents > 0
            ? 'partially_refunded'
            : 'deposit_paid';
  return {
    state,
    paidCents,
    balanceCents: Math.max(0, priceCents - paidCents),
    tipsCents,
    feesCents,
    refundedCents,
    refundableCents: Math.max(0, receivedCents - refundedCents),
    revenueCents,
  };
}

/**
 * The kind of a payment collected by hand: a tip when asked; otherwise the balance when part was paid
 * before (a deposit), or the whole payment taken on site.
 */
export function collectedKind(tip: boolean, paidBeforeCents: number): LedgerKind {
  if (tip) return 'tip';
  return paidBeforeCents > 0 ? 'balance' : 'on_site';
}

/**
 * The booking's payment column from its ledger state. Before any money it says how the booking is to be
 * paid (unpaid, on site, by link); a booking paid in the store or with a package credit keeps saying where.
 */
export function paymentColumn(state: LedgerState, current: string): string {
  if (state === 'unpaid') return current === 'paid' || current === 'deposit_paid' ? 'unpaid' : current;
  if (state === 'paid' && (current === 'store' || current === 'package')) return current;
  return state;
}

/** The tips offered after the job (decision 058), as percentages of the service total. */
export const TIP_PERCENTS = [15, 20, 25] as const;
export type TipPercent = (typeof TIP_PERCENTS)[number];
/** The largest tip taken in one go, in cents (a typo guard: $1,000). */
export const TIP_MAX_CENTS = 100_000;

/** A percentage of the service total, rounded to the cent. */
export function tipOf(serviceTotalCents: number, percent: number): number {
  return Math.round((serviceTotalCents * percent) / 100);
}

/**
 * Why a tip is not taken now, or null when it is: only once the job is completed, and never on a booking
 * whose money all went back.
 */
export function tipRefusal(status: string, state: LedgerState): 'not_completed' | 'refunded' | null {
  if (status !== 'completed') return 'not_completed';
  if (state === 'refunded') return 'refunded';
  return null;
}
