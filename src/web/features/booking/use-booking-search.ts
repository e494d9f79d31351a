import { useLanguage, useT } from '@web/lib/i18n';
import { addDaysToKey } from '@shared/time';
import { longDate, resolveDate, todayKey } from './booking-dates';
import { bookingMessages } from './messages';
import type { BookingSearch } from './search';

/** The booking query as the pages show it: the date as Today, Tomorrow or its long form, and whether that day is over. */
export function useBookingSearchView(search: BookingSearch) {
  const t = useT(bookingMessages);
  const { language } = useLanguage();
  const dateKey = resolveDate(search.date);
  const today = todayKey();
  const dateText = !dateKey ? '' : dateKey === today ? t('today') : dateKey === addDaysToKey(today, 1) ? t('tomorrow') : longDate(dateKey, language);
  const complete = Boolean(search.serviceId && search.slotId && dateKey && (search.serviceType === 'serviceLocation' || search.address || search.addressId));
  // A link kept from before (an old e-mail, a bookmark) can name a day that is over: nothing can be booked on it.
  const slotDay = search.slotId?.slice(0, 10);
  const past = Boolean((dateKey && dateKey < today) || (slotDay && /^\d{4}-\d{2}-\d{2}$/.test(slotDay) && slotDay < today));
  return { dateKey, dateText, complete, past };
}
