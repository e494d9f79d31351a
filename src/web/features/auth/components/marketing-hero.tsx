import { CheckCircle2, Phone } from 'lucide-react';
import { usePublicConfig, telHref } from '@web/lib/public-config';
import { useT } from '@web/lib/i18n';
import { authMessages } from '../messages';

/** The marketing panel shown to signed-out visitors on / and on /auth. */
export function MarketingHero() {
  const t = useT(authMessages);
  const config = usePublicConfig();
  return (
    <section className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-500 p-5 text-white shadow-lg">
      <h1 className="text-2xl font-bold leading-tight">{t('heroTitle')}</h1>
      <p className="mt-2 text-sm text-white/90">{t('heroBody', { city: config?.businessCity ?? 'San Jose' })}</p>
      <ul className="mt-4 flex flex-col gap-2 text-sm">
        {(['heroPoint1', 'heroPoint2', 'heroPoint3'] as const).map((key) => (
          <li key={key} className="flex items-center gap-2">
            <CheckCircle2 className="size-4" aria-hidden /> {t(key)}
          </li>
        ))}
      </ul>
      {config && (
        <a href={telHref(config.businessPhone)} className="mt-4 inline-flex items-center gap-2 rounded-lg bg-white/15 px-3 py-2 text-sm font-semibold">
          <Phone className="size-4" aria-hidden /> {t('callUs')}: {config.businessPhone}
        </a>
      )}
    </section>
  );
}
