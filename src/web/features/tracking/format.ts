import { TIME_ZONE } from '@shared/constants';
import type { Language } from '@shared/domain';
import { pacificDateKey } from '@shared/time';
import { pacificZone } from '@web/lib/pacific-time';

const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US', fr: 'fr-FR' };

/** 'Tue, Mar 3, 10:00 AM PST' in the business's time zone. */
export function formatPacificDateTime(iso: string, language: Language = 'en'): string {
  const zone = pacificZone(language);
  return new Intl.DateTimeFormat(zone.locale, {
    timeZone: TIME_ZONE,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: zone.timeZoneName,
  }).format(new Date(iso));
}

/** '10:45 AM' in the business's time zone. */
export function formatPacificTime(iso: string, language: Language = 'en'): string {
  return new Intl.DateTimeFormat(LOCALES[language], { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

/**
 * An estimate's time: '10:45 AM' when it falls today (Pacific), else with its day ('Wed, Dec 2, 10:45 AM'),
 * so an estimate for tomorrow never reads as this morning.
 */
export function formatPacificEta(iso: string, language: Language = 'en', now: Date = new Date()): string {
  const at = new Date(iso);
  if (pacificDateKey(at) === pacificDateKey(now)) return formatPacificTime(iso, language);
  return new Intl.DateTimeFormat(LOCALES[language], { timeZone: TIME_ZONE, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(at);
}
