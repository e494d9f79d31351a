import { TIME_ZONE } from '@shared/constants';
import type { Language } from '@shared/domain';
import { pacificZone } from '@web/lib/pacific-time';

const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US', fr: 'fr-FR' };

/** The locale and options of a job's date and time; the browser tests format with them in the page itself. */
export function pacificWhenFormat(language: Language): [locale: string, options: Intl.DateTimeFormatOptions] {
  const zone = pacificZone(language);
  return [zone.locale, { timeZone: TIME_ZONE, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: zone.timeZoneName }];
}

/** 'Tue, Mar 3, 10:00 AM PST' ('mar, 3 de mar, 10:00 a.m. PST' in Spanish): dates and times in Los Angeles time. */
export function formatPacific(iso: string, language: Language = 'en'): string {
  return new Intl.DateTimeFormat(...pacificWhenFormat(language)).format(new Date(iso));
}

/** '10:42:05 AM': when the last position was sent, on the business's clock. */
export function formatPacificClock(date: Date, language: Language = 'en'): string {
  return new Intl.DateTimeFormat(LOCALES[language], { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit', second: '2-digit' }).format(date);
}
