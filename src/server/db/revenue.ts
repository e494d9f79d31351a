import { sql, type SQL } from 'drizzle-orm';
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
