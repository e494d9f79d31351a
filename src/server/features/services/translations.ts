import type { TranslatedText, Translations } from '../../../shared/localized';
import { sanitizeHtml } from '../../http/sanitize';

/**
 * A service's translated descriptions are HTML like its English one: cleaned when saved and again when
 * shown (a row written by any other path still carries no script). A language left with nothing is dropped,
 * so the page shows English.
 */
export function sanitizedTranslations(translations: Translations): Translations {
  const out: Translations = {};
  for (const [code, text] of Object.entries(translations) as [keyof Translations, TranslatedText][]) {
    const description = text.description === undefined ? undefined : sanitizeHtml(text.description) || undefined;
    const kept: TranslatedText = { ...(text.name ? { name: text.name } : {}), ...(description ? { description } : {}) };
    if (kept.name || kept.description) out[code] = kept;
  }
  return out;
}
