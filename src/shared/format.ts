import { BOOKING_NUMBER_LENGTH, DESCRIPTION_PREVIEW_LENGTH, MAX_INITIALS } from './constants';

/** Up to two initials of a name; 'Guest' when there is no name. */
export function initials(name: string | null | undefined): string {
  if (!name || !name.trim()) return 'Guest';
  return name
    .trim()
    .split(/\s+/)
    .slice(0, MAX_INITIALS)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/** Booking numbers are the last 8 characters of the id, uppercase. */
export function bookingNumber(id: string): string {
  return id.slice(-BOOKING_NUMBER_LENGTH).toUpperCase();
}

/** Under 60 minutes shows minutes; otherwise whole hours, or hours plus minutes. */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hoursText = `${hours} hr${hours === 1 ? '' : 's'}`;
  return rest === 0 ? hoursText : `${hoursText} ${rest} min`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

export function stripHtml(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
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
