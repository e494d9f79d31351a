import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { MONEY_IN_KINDS, NON_REVENUE_METHODS } from '../../shared/payment-ledger';

/**
 * Revenue in SQL, from the ledger (decision 049): a `booking_payments` row's signed share of revenue — money
 * in is plus, a refund minus, a package credit and an unsettled intent nothing. The kinds and methods are
 * shared/payment-ledger.ts's, the same the booking's own summary counts, so every figure (dashboard,
 * analytics, CSV, a client's lifetime spend) sums one rule. A tip, and a refund of one, is not revenue (decision 058). `alias` names the ledger table in raw SQL.
 */
export function revenueCentsOfRow(alias: string): SQL {
  const col = (name: string) => sql.raw(`${alias}.${name}`);
  const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);
  return sql`(case
    when ${col('status')} <> 'succeeded' or ${col('method')} in (${list(NON_REVENUE_METHODS)}) then 0
    when ${col('kind')} = 'refund' and exists (select 1 from booking_payments given where given.id = ${col('refund_of')} and given.kind = 'tip') then 0
    when ${col('kind')} = 'refund' then -${col('amount_cents')}
    when ${col('kind')} in (${list(MONEY_IN_KINDS)}) then ${col('amount_cents')}
    else 0 end)`;
}

/**
 * Money from package sales per Pacific day in [from, to), in cents: a purchase paid by card, cash or check on
 * the day it was recorded (complimentary is nothing received), less a refund on the day it was refunded. A
 * booking paid with one of its credits brings no new money: its ledger row is a package credit, not revenue.
 * Here beside the ledger's rule (not in the packages feature) so analytics reads it without a feature loop.
 */
export async function packageRevenueByDay(db: DbOrTx, from: Date, to: Date): Promise<Array<{ date: string; cents: number }>> {
  const result = await db.execute(sql`
    select d as date, sum(cents)::bigint::text as cents from (
      select (created_at at time zone 'America/Los_Angeles')::date::text as d, round(purchase_price * 100) as cents
      from package_purchases
      where paid_by <> 'complimentary' and created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz
      union all
      select (refunded_at at time zone 'America/Los_Angeles')::date::text, -round(refunded_amount * 100)
      from package_purchases
      where paid_by <> 'complimentary' and refunded_amount is not null
        and refunded_at >= ${from.toISOString()}::timestamptz and refunded_at < ${to.toISOString()}::timestamptz
    ) sales group by d order by d`);
  const rows = ((result as unknown as { rows?: unknown[] }).rows ?? result) as Array<{ date: string; cents: string }>;
  return rows.map((r) => ({ date: String(r.date), cents: Number(r.cents) }));
}
