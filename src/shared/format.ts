import { BOOKING_NUMBER_LENGTH, DESCRIPTION_PREVIEW_LENGTH, MAX_INITIALS } from './constants';

/**
 * Up to two initials of a name; 'Guest' when there is no name. A letter is a whole grapheme (Intl.Segmenter),
 * so an emoji or an accented letter made of several code points is never cut in half; words that start with
 * neither a letter nor a digit (emoji, punctuation) are passed over.
 */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = words.map(firstGrapheme).filter((g) => /^[\p{L}\p{N}]/u.test(g));
  if (letters.length === 0) return words.length ? firstGrapheme(words[0]!) : 'Guest';
  // First and last name ("Walker Q. Tester" is WT): a middle initial says less than the family name.
  const chosen = letters.length > MAX_INITIALS ? [...letters.slice(0, MAX_INITIALS - 1), letters.at(-1)!] : letters;
  return chosen.map((g) => g.toLocaleUpperCase()).join('');
}

function firstGrapheme(word: string): string {
  if (typeof Intl.Segmenter === 'function') {
    const first = new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(word)[Symbol.iterator]().next();
    return first.done ? '' : first.value.segment;
  }
  return Array.from(word)[0] ?? '';
}

/** Booking numbers are the last 8 characters of the id, uppercase. */
export function bookingNumber(id: string): string {
  return id.slice(-BOOKING_NUMBER_LENGTH).toUpperCase();
}

/**
 * Under 60 minutes shows minutes; otherwise whole hours, or hours plus minutes, in the reader's language
 * through Intl.NumberFormat's units ('1 hr 30 min', '1 h 30 min').
 */
export function formatDuration(minutes: number, language: string = 'en'): string {
  const unit = (value: number, name: 'hour' | 'minute') => new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(rest, 'minute')}`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

export function stripHtml(html: string): string {
  return (
    html
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
      // A list item or a block ends a sentence of the preview: '<li>Wash</li><li>Wax</li>' reads 'Wash · Wax'.
      .replace(/<\/(li|p|div|h[1-6]|ul|ol)>\s*(?=<(li|p|div|h[1-6]|ul|ol)[\s>])/gi, ' · ')
      .replace(/<br\s*\/?>/gi, ' · ')
      .replace(/<[^>]*>/g, ' ')
      .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
      .replace(/\s+/g, ' ')
      .replace(/(\s·)+\s*$/, '')
      .replace(/:\s·/g, ':')
      .trim()
  );
}

/** The card preview: HTML stripped, cut at 120 characters with an ellipsis. */
export function descriptionPreview(description: string): string {
  const text = stripHtml(description);
  return text.length > DESCRIPTION_PREVIEW_LENGTH ? `${text.slice(0, DESCRIPTION_PREVIEW_LENGTH)}...` : text;
}

export function containsHtml(text: string): boolean {
  return /<[a-z][\s\S]*>/i.test(text);
}

export function formatRating(rating: string | number): string {
  return Number(rating).toFixed(1);
}

/** A card brand as people write it: 'visa' → 'Visa', 'amex' → 'American Express' (providers send lower case). */
export function cardBrandName(brand: string): string {
  if (brand === 'amex') return 'American Express';
  return brand.charAt(0).toUpperCase() + brand.slice(1);
}
