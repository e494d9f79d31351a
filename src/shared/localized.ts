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

/** One question and answer of the offer in another language; blank parts use the English item at the same place. */
export interface TranslatedFaqItem {
  question?: string;
  answer?: string;
}
/** The offer page's own words in another language (decision 053): its title, subtitle and FAQ. */
export interface OfferText {
  title?: string;
  subtitle?: string;
  /** Parallel to the English FAQ: item i translates the English item i. */
  faq?: TranslatedFaqItem[];
}
export type OfferTranslations = Partial<Record<TranslatedLanguage, OfferText>>;

/**
 * The offer's words in a page's language, English where that language has none — part by part and FAQ item by
 * FAQ item. A null FAQ stays null: the page then shows the standard questions, already translated.
 */
export function localizedOffer<F extends { question: string; answer: string }>(
  offer: { title: string; subtitle: string | null; faq: F[] | null; translations?: OfferTranslations },
  language: Language,
): { title: string; subtitle: string | null; faq: { question: string; answer: string }[] | null } {
  const own = language === 'en' ? undefined : offer.translations?.[language];
  return {
    title: own?.title || offer.title,
    subtitle: own?.subtitle || offer.subtitle,
    faq: offer.faq?.map((item, i) => ({ question: own?.faq?.[i]?.question || item.question, answer: own?.faq?.[i]?.answer || item.answer })) ?? null,
  };
}
