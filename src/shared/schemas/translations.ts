import { z } from 'zod';
import { TRANSLATED_LANGUAGES, type TranslatedLanguage, type TranslatedText, type Translations } from '../localized';

/** The catalogue's Spanish and French words as requests and views carry them (decision 053; shared/localized.ts). */
export const LANGUAGE_LABELS: Record<TranslatedLanguage, string> = { es: 'Spanish', fr: 'French' };

/** An optional translated text: trimmed, blank dropped (blank = use English). */
export const optionalTranslation = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .nullish()
    .transform((v) => v || undefined);

/**
 * The translations of a request, with the English fields' limits; blanks are dropped, so a language left
 * empty is stored as absent and the page shows English.
 */
export const translationsRequest = (limits: { name: number; description: number }) => {
  const language = (code: TranslatedLanguage) =>
    z
      .object({ name: optionalTranslation(`${LANGUAGE_LABELS[code]} name`, limits.name), description: optionalTranslation(`${LANGUAGE_LABELS[code]} description`, limits.description) })
      .strict()
      .nullish();
  return z
    .object({ es: language('es'), fr: language('fr') }, { error: 'Translations must be an object' })
    .strict()
    .nullish()
    .transform((value): Translations => {
      const out: Translations = {};
      for (const code of TRANSLATED_LANGUAGES) {
        const text = value?.[code];
        if (!text) continue;
        const kept: TranslatedText = {};
        if (text.name) kept.name = text.name;
        if (text.description) kept.description = text.description;
        if (kept.name || kept.description) out[code] = kept;
      }
      return out;
    });
};

const translatedText = z.object({ name: z.string().optional(), description: z.string().optional() });
/** The translations as views carry them. */
export const translationsView = z.object({ es: translatedText.optional(), fr: translatedText.optional() });
