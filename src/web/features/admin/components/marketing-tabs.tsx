import { Link } from '@tanstack/react-router';

/** Marketing's two pages: the promotional offer and the promo codes. */
export function MarketingTabs() {
  const tab = 'rounded-full border border-slate-200 px-3 py-1.5 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300';
  const active = { className: 'border-brand-700 bg-brand-700 font-semibold text-white dark:text-white' };
  return (
    <nav aria-label="Marketing" className="mb-5 flex gap-2">
      <Link to="/admin/marketing/offer" className={tab} activeProps={active}>
        Offer
      </Link>
      <Link to="/admin/marketing/promo-codes" className={tab} activeProps={active}>
        Promo codes
      </Link>
    </nav>
  );
}
