import { text, type RawSearch } from '@web/lib/search';

/** The query of /shopify-order-schedule/{orderId}: the order's e-mail. */
export const orderScheduleSearch = (search: RawSearch): { email?: string } => ({ email: text(search, 'email') });

/** The order number from the path: decoded, a leading # stripped. */
export function orderNumberFromPath(segment: string | undefined): string {
  if (!segment) return '';
  let value = segment;
  try {
    value = decodeURIComponent(segment);
  } catch {
    // a malformed escape: use the segment as it is
  }
  return value.trim().replace(/^#+/, '').trim();
}
