import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { VEHICLE_TYPES, type VehicleType } from '@shared/domain';
import { formatUsd, fromCents, toCents } from '@shared/money';
import { Button } from '@web/components/ui/button';
import { track } from '@web/lib/analytics';
import { localizedOffer } from '@shared/localized';
import { useLanguage, useT } from '@web/lib/i18n';
import { telHref, usePublicConfig } from '@web/lib/public-config';
import type { OfferView } from '@shared/schemas/offers';
import { offerMessages } from '../messages';

function useCountdown(endsAt: string | undefined) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const left = Math.max(0, (endsAt ? Date.parse(endsAt) : now) - now);
  const s = Math.floor(left / 1000);
  return { left, days: Math.floor(s / 86_400), hours: Math.floor(s / 3600) % 24, minutes: Math.floor(s / 60) % 60, seconds: s % 60 };
}

/**
 * The offer page's content for an offer: the public /sww-offer, and the back office's preview of a draft
 * (`preview`: Book Now goes nowhere and nothing is tracked).
 */
export function OfferContent({ offer: data, preview = false }: { offer: OfferView; preview?: boolean }) {
  const t = useT(offerMessages);
  const { language } = useLanguage();
  const words = localizedOffer(data, language);
  const config = usePublicConfig();
  const navigate = useNavigate();
  const [vehicle, setVehicle] = useState<VehicleType>('sedan');
  const [imageFailed, setImageFailed] = useState(false);
  useEffect(() => setImageFailed(false), [data.imageUrl]);
  const countdown = useCountdown(data.endsAt);
  const ended = data.ended || countdown.left === 0;
  const price = data.prices[vehicle];
  const savedCents = toCents(price.regular) - toCents(price.offer);
  const percent = Math.round((savedCents / toCents(price.regular)) * 100);
  // The owner's questions as written; without them the standard ones, in the visitor's language.
  const faq = words.faq ?? ([1, 2, 3, 4] as const).map((n) => ({ question: t(`q${n}`), answer: t(`a${n}`) }));
  const endDate = new Date(data.endsAt).toLocaleString(undefined, { timeZone: 'America/Los_Angeles', dateStyle: 'medium', timeStyle: 'short' });

  function bookNow() {
    if (preview) return;
    track('offer_click', { vehicle });
    const cart = data.storeCartUrls[vehicle];
    if (cart) return void (window.location.href = cart);
    void navigate({ to: '/', search: { serviceId: data.serviceId ?? undefined, serviceType: 'mobile', offer: vehicle } });
  }

  return (
    <div className="flex flex-col gap-5 pb-6">
      <section className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 p-5 text-white shadow">
        <p className="text-xs font-semibold tracking-wide text-brand-100 uppercase">{t('limited')}</p>
        <h1 className="mt-1 text-2xl font-extrabold">{words.title}</h1>
        {words.subtitle && <p className="mt-1 text-base text-white">{words.subtitle}</p>}
        {data.imageUrl && !imageFailed && (
          <img src={data.imageUrl} alt="" onError={() => setImageFailed(true)} className="mt-3 aspect-[16/9] w-full rounded-xl bg-white/10 object-cover" data-testid="offer-image" />
        )}
        {ended ? (
          <div className="mt-4 rounded-xl bg-white/10 p-4">
            <p className="text-lg font-bold">{t('ended')}</p>
            <p className="mt-1 text-sm text-brand-100">{t('endedText')}</p>
            <Link to="/" className="mt-3 inline-block rounded-lg bg-white px-4 py-2 font-semibold text-brand-800">
              {t('bookNormally')}
            </Link>
          </div>
        ) : (
          <>
            <p className="mt-3 text-sm text-brand-100">{t('endsIn')}</p>
            <div className="mt-1 grid grid-cols-4 gap-2 text-center" role="timer" aria-label={t('endsIn')}>
              {(
                [
                  [countdown.days, t('days')],
                  [countdown.hours, t('hours')],
                  [countdown.minutes, t('minutes')],
                  [countdown.seconds, t('seconds')],
                ] as const
              ).map(([n, label]) => (
                <div key={label} className="rounded-lg bg-white/15 py-2">
                  <div className="text-2xl font-bold tabular-nums">{String(n).padStart(2, '0')}</div>
                  <div className="text-xs font-medium text-white">{label}</div>
                </div>
              ))}
            </div>
            {/* White, not brand-100: over the lighter end of the gradient the end date and the units lacked contrast. */}
            <p className="mt-2 text-sm font-medium text-white">{t('endsOn', { date: endDate })}</p>
          </>
        )}
      </section>

      {!ended && (
        <section aria-labelledby="vehicle" className="flex flex-col gap-3">
          <h2 id="vehicle" className="text-lg font-bold">
            {t('chooseVehicle')}
          </h2>
          <div role="radiogroup" className="grid grid-cols-3 gap-2">
            {VEHICLE_TYPES.map((v) => (
              <button
                key={v}
                type="button"
                role="radio"
                aria-checked={vehicle === v}
                onClick={() => setVehicle(v)}
                className={`rounded-xl border-2 p-2 text-center ${vehicle === v ? 'border-brand-600 bg-brand-50 dark:bg-slate-800' : 'border-slate-200 dark:border-slate-700'}`}
              >
                <div className="text-sm font-semibold">{t(v)}</div>
                <div className="text-xs text-slate-600 line-through">{formatUsd(data.prices[v].regular)}</div>
                <div className="font-bold text-brand-700">{formatUsd(data.prices[v].offer)}</div>
              </button>
            ))}
          </div>
          <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
            <div className="flex items-baseline justify-between">
              <span className="text-sm text-slate-500">
                {t('regular')} <s>{formatUsd(price.regular)}</s>
              </span>
              <span className="text-3xl font-extrabold text-brand-700" data-testid="offer-price">
                {formatUsd(price.offer)}
              </span>
            </div>
            <p className="mt-1 text-right text-sm font-semibold text-emerald-700">{t('save', { amount: formatUsd(fromCents(savedCents)), percent })}</p>
            <Button size="lg" className="mt-3 w-full" onClick={bookNow}>
              {t('bookNow')}
            </Button>
          </div>
        </section>
      )}

      <section>
        <h2 className="mb-2 text-lg font-bold">{t('trustTitle')}</h2>
        <ul className="flex flex-col gap-1.5 text-sm">
          {(['trust1', 'trust2', 'trust3', 'trust4'] as const).map((k) => (
            <li key={k} className="flex gap-2">
              <span aria-hidden className="text-emerald-600">
                ✓
              </span>
              {t(k)}
            </li>
          ))}
        </ul>
      </section>

      <section>
        <h2 className="mb-2 text-lg font-bold">{t('faqTitle')}</h2>
        {faq.map((item, i) => (
          <details key={i} className="border-b border-slate-200 py-2 dark:border-slate-700">
            <summary className="cursor-pointer font-medium">{item.question}</summary>
            <p className="mt-1 text-sm whitespace-pre-line text-slate-600 dark:text-slate-300">{item.answer}</p>
          </details>
        ))}
      </section>

      {config && (
        <footer className="text-sm text-slate-600 dark:text-slate-300">
          <p>
            {t('support', { phone: config.businessPhone, email: config.businessEmail })}{' '}
            <a className="font-semibold text-brand-700 underline" href={telHref(config.businessPhone)}>
              {config.businessPhone}
            </a>
          </p>
          <p className="mt-1">{t('visit', { address: config.businessAddress })}</p>
        </footer>
      )}
    </div>
  );
}
