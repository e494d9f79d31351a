import { Check, ChevronDown, Clock, Star } from 'lucide-react';
import { useState } from 'react';
import { containsHtml, descriptionPreview, formatDuration, formatRating } from '@shared/format';
import { formatUsd } from '@shared/money';
import type { ServiceView } from '@shared/schemas/services';
import { localized } from '@shared/localized';
import { Badge } from '@web/components/ui/badge';
import { Card } from '@web/components/ui/card';
import { ImageOrPlaceholder } from '@web/components/ui/image';
import { useLanguage, useT } from '@web/lib/i18n';
import { cn } from '@web/lib/utils';
import { bookingStartMessages } from '../start-messages';

/** One service: image, name, 120-character preview, prices, badges, rating, duration, and View Details. */
export function ServiceCard({ service, selected, onSelect }: { service: ServiceView; selected: boolean; onSelect: () => void }) {
  const t = useT(bookingStartMessages);
  const { language } = useLanguage();
  const words = localized(service, language);
  const [open, setOpen] = useState(false);
  const detailsId = `service-details-${service.id}`;
  return (
    <Card className={cn('overflow-hidden transition-shadow', selected && 'border-brand-600 ring-2 ring-brand-500')} data-testid="service-card">
      <button type="button" aria-pressed={selected} onClick={onSelect} className="flex w-full gap-3 p-3 text-left">
        {service.imageUrl ? (
          <ImageOrPlaceholder src={service.imageUrl} width={80} height={80} loading="lazy" decoding="async" className="size-20 shrink-0 rounded-lg bg-slate-100 object-cover" />
        ) : (
          <div className="size-20 shrink-0 rounded-lg bg-brand-100" aria-hidden />
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex items-start gap-2">
            <h3 className="flex-1 font-semibold leading-tight">{words.name}</h3>
            {selected && (
              <span className="inline-flex items-center gap-1 text-xs font-semibold text-brand-700">
                <Check className="size-4" aria-hidden /> {t('selected')}
              </span>
            )}
          </div>
          {(service.isPopular || service.isPremium) && (
            <div className="flex gap-1">
              {service.isPopular && <Badge tone="orange">{t('popular')}</Badge>}
              {service.isPremium && <Badge tone="purple">{t('premium')}</Badge>}
            </div>
          )}
          <p className="text-sm text-slate-600 dark:text-slate-300">{descriptionPreview(words.description)}</p>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="text-base font-bold text-brand-800 dark:text-brand-400">{formatUsd(service.price)}</span>
            {service.originalPrice && <s className="text-slate-500">{formatUsd(service.originalPrice)}</s>}
            {service.reviewCount === 0 ? (
              // A rating nobody gave says nothing: until its first review a service is new.
              <span className="inline-flex items-center gap-1 text-slate-600" aria-label={t('newServiceLabel')}>
                <Star className="size-4 text-amber-400" aria-hidden /> {t('newService')}
              </span>
            ) : (
              <span
                className="inline-flex items-center gap-1 text-slate-600"
                aria-label={t(service.reviewCount === 1 ? 'ratingOne' : 'ratingMany', { rating: formatRating(service.rating), count: String(service.reviewCount) })}
              >
                <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden /> {formatRating(service.rating)} ({service.reviewCount})
              </span>
            )}
            <span className="inline-flex items-center gap-1 text-slate-600">
              <Clock className="size-4" aria-hidden /> {formatDuration(service.duration, language)}
            </span>
          </div>
        </div>
      </button>
      <div className="border-t border-slate-100 px-3 dark:border-slate-800">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((v) => !v)}
          className="flex w-full items-center justify-between py-2 text-sm font-medium text-brand-700"
        >
          {open ? t('hideDetails') : t('viewDetails')}
          <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden />
        </button>
        {open && (
          <div id={detailsId} className="service-description pb-3 text-sm text-slate-700 dark:text-slate-300 [&_li]:ml-5 [&_li]:list-disc [&_p]:mb-2">
            {containsHtml(words.description) ? (
              // Sanitised on the server when saved and again when served (translations too): no scripts or handlers survive.
              <div dangerouslySetInnerHTML={{ __html: words.description }} />
            ) : (
              <p>{words.description}</p>
            )}
          </div>
        )}
      </div>
    </Card>
  );
}
