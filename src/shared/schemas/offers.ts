import { z } from 'zod';

import { VEHICLE_TYPES, type VehicleType } from '../domain';
import { TRANSLATED_LANGUAGES, type OfferText, type OfferTranslations, type TranslatedLanguage } from '../localized';
import { LANGUAGE_LABELS, optionalTranslation } from './translations';

export { VEHICLE_TYPES, type VehicleType };

const price = z
  .string({ error: 'Prices are decimal amounts like 79.00' })
  .regex(/^\d{1,5}(\.\d{1,2})?$/, { error: 'Prices are decimal amounts like 79.00' });
const pricePair = z
  .object({ regular: price, offer: price })
  .refine((p) => Number(p.offer) > 0 && Number(p.offer) <= Number(p.regular), { error: 'The offer price must be above 0 and at most the regular price' });

export const offerPrices = z.object({ sedan: pricePair, suv: pricePair, oversize: pricePair });

export const offerFaqItem = z.object({ question: z.string(), answer: z.string() });

const translatedOfferText = z.object({
  title: z.string().optional(),
  subtitle: z.string().optional(),
  faq: z.array(z.object({ question: z.string().optional(), answer: z.string().optional() })).optional(),
});
const offerTranslationsView = z.object({ es: translatedOfferText.optional(), fr: translatedOfferText.optional() });

/** The promotional offer (/sww-offer): GET /api/offers/current. `ended` is computed by the server. */
export const offerView = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** The owner's questions; null: the page shows the standard, translated ones. */
  faq: z.array(offerFaqItem).nullable(),
  serviceId: z.string().nullable(),
  endsAt: z.string(),
  prices: offerPrices,
  /** Store cart links per vehicle type, when the store integration knows a variant. */
  storeCartUrls: z.object({ sedan: z.string().optional(), suv: z.string().optional(), oversize: z.string().optional() }),
  isLive: z.boolean(),
  ended: z.boolean(),
  /** The page's Spanish and French words (decision 061); the page picks its language with localizedOffer. */
  translations: offerTranslationsView,
});
export type OfferView = z.infer<typeof offerView>;

const faqText = (what: string, max: number) =>
  z.string({ error: `Each question needs a ${what}` }).trim().min(1, { error: `Each question needs a ${what}` }).max(max, { error: `A ${what} must be at most ${max} characters` });

/** Empty or missing text is null: the page leaves that part out. */
const optionalText = (max: number, error: string) =>
  z
    .string()
    .trim()
    .max(max, { error })
    .nullish()
    .transform((v) => v || null);


/**
 * The offer's Spanish and French words with the English fields' limits. Blanks are dropped, so an emptied
 * field shows English; FAQ item i translates the English item i (an all-blank tail is dropped).
 */
const offerLanguage = (code: TranslatedLanguage) => {
  const label = LANGUAGE_LABELS[code];
  return z
    .object({
      title: optionalTranslation(`${label} title`, 120),
      subtitle: optionalTranslation(`${label} subtitle`, 300),
      faq: z
        .array(z.object({ question: optionalTranslation(`${label} question`, 200), answer: optionalTranslation(`${label} answer`, 1000) }).strict(), { error: `${label} FAQ must be a list` })
        .max(10, { error: 'At most 10 questions' })
        .nullish(),
    })
    .strict()
    .nullish();
};
const offerTranslationsRequest = z
  .object({ es: offerLanguage('es'), fr: offerLanguage('fr') }, { error: 'Translations must be an object' })
  .strict()
  .nullish()
  .transform((value): OfferTranslations => {
    const out: OfferTranslations = {};
    for (const code of TRANSLATED_LANGUAGES) {
      const text = value?.[code];
      if (!text) continue;
      const kept: OfferText = {};
      if (text.title) kept.title = text.title;
      if (text.subtitle) kept.subtitle = text.subtitle;
      const faq = (text.faq ?? []).map((item) => ({ ...(item.question ? { question: item.question } : {}), ...(item.answer ? { answer: item.answer } : {}) }));
      while (faq.length && !faq.at(-1)!.question && !faq.at(-1)!.answer) faq.pop();
      if (faq.length) kept.faq = faq;
      if (Object.keys(kept).length) out[code] = kept;
    }
    return out;
  });

/**
 * Admin: PUT /api/admin/offers/current. endsAt is the Pacific wall time YYYY-MM-DDTHH:mm. Subtitle, image
 * and FAQ are optional: missing or empty keeps the page without them (an empty FAQ shows the standard one).
 */
export const updateOfferRequest = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, { error: 'Title is required' }).max(120, { error: 'Title must be at most 120 characters' }),
  subtitle: optionalText(300, 'Subtitle must be at most 300 characters'),
  imageUrl: optionalText(2000, 'Image URL is too long').refine((v) => v === null || /^https:\/\/[^\s"'<>]+$/i.test(v) || /^\/(api\/uploads|images)\/[\w./-]+$/.test(v), {
    error: 'Image URL must start with https:// (or be an uploaded /api/uploads/… image)',
  }),
  faq: z
    .array(z.object({ question: faqText('question', 200), answer: faqText('answer', 1000) }), { error: 'FAQ must be a list of questions and answers' })
    .max(10, { error: 'At most 10 questions' })
    .nullish()
    .transform((v) => (v?.length ? v : null)),
  endsAt: z.string({ error: 'End time is required' }).regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: 'End time must be YYYY-MM-DDTHH:mm (Pacific)' }),
  prices: offerPrices,
  isLive: z.boolean({ error: 'isLive must be true or false' }),
  serviceId: z.uuid({ error: 'Not a valid service id' }).optional().nullable(),
  /** Optional Spanish and French title, subtitle and FAQ; missing keeps none (English everywhere). */
  translations: offerTranslationsRequest,
});
export type UpdateOfferRequest = z.input<typeof updateOfferRequest>;
export type UpdateOfferValues = z.output<typeof updateOfferRequest>;
