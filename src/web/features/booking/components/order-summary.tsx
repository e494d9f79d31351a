import type { JobPrice } from '@shared/pricing';
import { formatUsd, fromCents, toCents } from '@shared/money';
import { policyMessages } from '@web/components/policy/messages';
import { useT } from '@web/lib/i18n';
import { bookingMessages } from '../messages';

export interface Amounts {
  price: string;
  /** The service fee alone (the travel fee is its own row). */
  serviceFee: string;
  /** The service area's travel fee; absent or '0.00' for none. */
  travelFee?: string;
  tax: string;
  total: string;
}

/** The amounts of a job priced in the browser (job.ts priceOfJob): what the server will charge. */
export function amountsOfJob(job: JobPrice): Amounts {
  return { price: fromCents(job.subtotalCents - job.discountCents), serviceFee: fromCents(job.serviceFeeCents), travelFee: fromCents(job.travelFeeCents), tax: fromCents(job.taxCents), total: fromCents(job.totalCents) };
}

/**
 * `deposit`: the part paid now (decimal string), shown with the balance left for when the job is done.
 * `credit`: a prepaid package pays for it all (the label of the credit row); the total is then 0. `job`: the
 * vehicles and their lines, shown in place of the one service price.
 */
export function OrderSummary({ amounts, title, credit, job, deposit }: { amounts: Amounts; title?: string; credit?: string; job?: JobPrice; deposit?: string }) {
  const t = useT(bookingMessages);
  const tp = useT(policyMessages);
  const row = (label: string, value: string, strong = false, negative = false) => (
    <div className={strong ? 'flex justify-between border-t border-slate-200 pt-2 text-base font-bold dark:border-slate-700' : 'flex justify-between text-sm'}>
      <dt>{label}</dt>
      <dd>{negative ? `−${formatUsd(value)}` : formatUsd(value)}</dd>
    </div>
  );
  return (
    <section aria-label={title ?? t('orderSummary')}>
      {title && <h2 className="mb-2 font-semibold">{title}</h2>}
      <dl className="flex flex-col gap-1.5">
        {job
          ? job.vehicles.map((vehicle, i) => (
              <div key={i} className="flex flex-col gap-1 border-b border-slate-100 pb-1.5 dark:border-slate-800" data-testid="summary-vehicle">
                <dt className="text-xs font-semibold uppercase text-slate-500">
                  {t('vehicleHeading', { n: i + 1, size: t(`offerSize_${vehicle.sizeClass}`) })}
                  {vehicle.label ? ` · ${vehicle.label}` : ''}
                </dt>
                {vehicle.lines.map((line, j) => (
                  <dd key={j} className="flex justify-between text-sm" data-testid="summary-line">
                    <span>{line.label}</span>
                    <span>{formatUsd(fromCents(line.cents))}</span>
                  </dd>
                ))}
              </div>
            ))
          : row(t('servicePrice'), amounts.price)}
        {job && job.discountCents > 0 && row(job.discountLabel ?? t('discount'), fromCents(job.discountCents), false, true)}
        {amounts.travelFee && amounts.travelFee !== '0.00' && row(t('travelFee'), amounts.travelFee)}
        {row(t('serviceFee'), amounts.serviceFee)}
        {row(t('tax'), amounts.tax)}
        {credit && row(credit, amounts.total, false, true)}
        {row(t('total'), credit ? '0' : amounts.total, true)}
        {/* A deposit (decision 057): what is paid now, and what when the job is done. */}
        {deposit !== undefined && !credit && (
          <div data-testid="summary-deposit" className="flex flex-col gap-1 pt-1">
            {row(tp('depositToday'), deposit)}
            {row(tp('balanceLater'), fromCents(Math.max(0, toCents(amounts.total) - toCents(deposit))))}
          </div>
        )}
      </dl>
    </section>
  );
}
