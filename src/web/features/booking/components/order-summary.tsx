import { priceBooking } from '@shared/pricing';
import { formatUsd, fromCents } from '@shared/money';
import { useT } from '@web/lib/i18n';
import { bookingMessages } from '../messages';

export interface Amounts {
  price: string;
  serviceFee: string;
  tax: string;
  total: string;
}

/** What the customer will pay, as the server prices it (price + fee + 10% tax of the price). */
export function estimateAmounts(service: { price: string; serviceFee: string }, offerPrice?: string): Amounts {
  const price = offerPrice ?? service.price;
  const p = priceBooking(price, service.serviceFee);
  return { price, serviceFee: fromCents(p.serviceFeeCents), tax: fromCents(p.taxCents), total: fromCents(p.totalCents) };
}

/** `credit`: a prepaid package pays for it all (the label of the credit row); the total is then 0. */
export function OrderSummary({ amounts, title, credit }: { amounts: Amounts; title?: string; credit?: string }) {
  const t = useT(bookingMessages);
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
        {row(t('servicePrice'), amounts.price)}
        {row(t('serviceFee'), amounts.serviceFee)}
        {row(t('tax'), amounts.tax)}
        {credit && row(credit, amounts.total, false, true)}
        {row(t('total'), credit ? '0' : amounts.total, true)}
      </dl>
    </section>
  );
}
