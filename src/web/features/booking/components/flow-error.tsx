import { useQueries } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AlertTriangle } from 'lucide-react';
import { addDaysToKey } from '@shared/time';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useLanguage, useT } from '@web/lib/i18n';
import { slotsQuery } from '../api';
import { dateParam, longDate, resolveDate, slotLabel, todayKey } from '../booking-dates';
import { bookingMessages } from '../messages';
import type { BookingSearch } from '../search';

/**
 * The booking flow's error screens: a title, what happened, the next free times of the same service
 * (when asked), another way on (when given), and Back to Services, which keeps the service, type, address and date.
 */
export function FlowError({
  title,
  text,
  detail,
  search,
  nextTimes = false,
  more,
}: {
  title: string;
  text: string;
  detail?: string;
  search?: BookingSearch;
  nextTimes?: boolean;
  /** A way on other than Back to Services (a signed-in customer's own bookings). */
  more?: { to: '/bookings'; label: string };
}) {
  const t = useT(bookingMessages);
  const back = search
    ? { serviceId: search.serviceId, serviceType: search.serviceType, address: search.address || undefined, date: search.date, slotId: nextTimes ? undefined : search.slotId, offer: search.offer }
    : {};
  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-red-700 dark:text-red-400">
          <AlertTriangle className="size-5" aria-hidden /> {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <p>{text}</p>
        {detail && <p className="text-slate-600 dark:text-slate-300">{detail}</p>}
        {nextTimes && search?.serviceId && <NextFreeTimes search={search} />}
        {more && (
          <Button asChild variant="outline">
            <Link to={more.to}>{more.label}</Link>
          </Button>
        )}
        <Button asChild>
          <Link to="/" search={back}>
            {t('backToServices')}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** Up to four free times of the same service, from the chosen day and the next, each straight back to the details step. */
function NextFreeTimes({ search }: { search: BookingSearch }) {
  const t = useT(bookingMessages);
  const { language } = useLanguage();
  const today = todayKey();
  const first = resolveDate(search.date) ?? today;
  const days = [first < today ? today : first];
  days.push(addDaysToKey(days[0]!, 1));
  const results = useQueries({ queries: days.map((day) => ({ ...slotsQuery(search.serviceId!, day), staleTime: 0, refetchOnMount: 'always' as const })) });
  if (results.some((r) => r.isLoading)) return <p className="text-slate-500">{t('loadingSlots')}</p>;
  const free = results
    .flatMap((r, i) => (r.data ?? []).map((slot) => ({ slot, day: days[i]! })))
    .filter(({ slot }) => slot.availableCapacity > 0 && slot.id !== search.slotId)
    .slice(0, 4);
  if (free.length === 0) return <p className="text-slate-600 dark:text-slate-300">{t('noFreeTimesNearby')}</p>;
  return (
    <section aria-label={t('nextFreeTimes')} className="flex flex-col gap-2">
      <p className="font-medium">{t('nextFreeTimes')}</p>
      <div className="grid grid-cols-1 gap-2">
        {free.map(({ slot, day }) => (
          <Button key={slot.id} asChild variant="outline">
            <Link to="/booking-details" search={{ ...search, date: dateParam(day), time: slotLabel(slot), slotId: slot.id }}>
              {day === today ? t('today') : day === addDaysToKey(today, 1) ? t('tomorrow') : longDate(day, language)} · {slotLabel(slot)}
            </Link>
          </Button>
        ))}
      </div>
    </section>
  );
}
