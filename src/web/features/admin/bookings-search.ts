import { text, type RawSearch } from '@web/lib/search';
import type { BookingFilters } from './api';

const SORTS = ['job', 'job_asc', 'job_desc', 'newest'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The bookings list's filters and page, kept in the URL (/admin/bookings?status=…&page=2): a reload, a shared
 * link or Back shows the same list. Read by hand, like every route's search (no Zod in the first download).
 */
export type BookingsSearch = Omit<BookingFilters, 'page'> & { page?: number };

export function bookingsSearch(search: RawSearch): BookingsSearch {
  const page = Number(text(search, 'page'));
  const date = (key: string) => {
    const value = text(search, key);
    return value && DATE.test(value) ? value : undefined;
  };
  const sort = text(search, 'sort');
  return {
    page: Number.isInteger(page) && page > 1 ? page : undefined,
    status: text(search, 'status') || undefined,
    paymentStatus: text(search, 'paymentStatus') || undefined,
    driverId: text(search, 'driverId') || undefined,
    serviceType: text(search, 'serviceType') || undefined,
    from: date('from'),
    to: date('to'),
    search: text(search, 'search')?.slice(0, 200) || undefined,
    sort: SORTS.find((s) => s === sort),
  };
}
