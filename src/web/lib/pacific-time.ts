import type { Language } from '@shared/domain';

/**
 * How a customer-facing time names its zone, per language. French in France's locale names Los Angeles time
 * "UTC−8", which reads as a time for somewhere else; the Canadian French locale says "heure du Pacifique".
 * English and Spanish keep the short names a Californian reads (PST, PDT).
 */
const ZONE: Record<Language, { locale: string; timeZoneName: Intl.DateTimeFormatOptions['timeZoneName'] }> = {
  en: { locale: 'en-US', timeZoneName: 'short' },
  es: { locale: 'es-US', timeZoneName: 'short' },
  fr: { locale: 'fr-CA', timeZoneName: 'longGeneric' },
};

/** The locale and time-zone naming for a date and time shown with its zone. */
export function pacificZone(language: Language): { locale: string; timeZoneName: Intl.DateTimeFormatOptions['timeZoneName'] } {
  return ZONE[language];
}
