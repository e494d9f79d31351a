import { useLanguage, useT } from '@web/lib/i18n';
import { addDaysToKey } from '@shared/time';
import { longDate, resolveDate, todayKey } from './booking-dates';
import { bookingMessages } from './messages';
import type { BookingSearch } from './search';

/** The booking query as the pages show it: the date as Today, Tomorrow or its long form. */
export function useBookingSearchView(search: BookingSearch) {
  const t = useT(bookingMessages);
  const { language } = useLanguage();
  const dateKey = resolveDate(search.date);
  const today = todayKey();
  const dateText = !dateKey ? '' : dateKey === today ? t('today') : dateKey === addDaysToKey(today, 1) ? t('tomorrow') : longDate(dateKey, language);
  const complete = Boolean(search.serviceId && search.slotId && dateKey && (search.serviceType === 'serviceLocation' || search.address || search.addressId));
  return { dateKey, dateText, complete };
}
