import { TIME_ZONE } from '@shared/constants';
import type { Language } from '@shared/domain';

const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US', fr: 'fr-FR' };

/** 'Tue, Mar 3, 10:00 AM PST' in the business's time zone. */
export function formatPacificDateTime(iso: string, language: Language = 'en'): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    timeZone: TIME_ZONE,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** '10:45 AM' in the business's time zone. */
export function formatPacificTime(iso: string, language: Language = 'en'): string {
  return new Intl.DateTimeFormat(LOCALES[language], { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}
