import type { Language } from './domain';

/**
 * A catalogue item's own words in the other languages (decision 053): `{ es: { name, description }, fr: … }`,
 * each part optional; English stays in the item's `name` and `description` and is the fallback.
 */
export const TRANSLATED_LANGUAGES = ['es', 'fr'] as const satisfies readonly Exclude<Language, 'en'>[];
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];
export interface TranslatedText {
  name?: string;
  description?: string;
}
export type Translations = Partial<Record<TranslatedLanguage, TranslatedText>>;

/**
 * The words of an item in a page's language, English where that language has none. The one place a
 * catalogue name or description is chosen for a page.
 */
export function localized<T extends { name: string; description: string | null; translations?: Translations }>(
  item: T,
  language: Language,
): { name: string; description: T['description'] } {
  const own = language === 'en' ? undefined : item.translations?.[language];
  return { name: own?.name || item.name, description: (own?.description || item.description) as T['description'] };
}
