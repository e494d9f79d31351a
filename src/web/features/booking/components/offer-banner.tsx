import { Tag } from 'lucide-react';
import type { SizeClass } from '@shared/domain';
import { formatUsd } from '@shared/money';
import { useT } from '@web/lib/i18n';
import { bookingStartMessages } from '../start-messages';

/** "Fall special: SUV $99" — the offer the booking carries, from the booking start to the order summary. */
export function OfferBanner({ offer }: { offer: { title: string; sizeClass: SizeClass; price: string } }) {
  const t = useT(bookingStartMessages);
  return (
    <p role="status" className="flex items-center gap-2 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-800 dark:border-brand-700 dark:bg-brand-900/30 dark:text-brand-100" data-testid="offer-banner">
      <Tag className="size-4 shrink-0" aria-hidden />
      {t('offerBanner', { title: offer.title, size: t(`offerSize_${offer.sizeClass}`), price: formatUsd(offer.price) })}
    </p>
  );
}
