import { CalendarPlus } from 'lucide-react';
import { useMemo } from 'react';
import type { FullTrackingView } from '@shared/schemas/tracking';
import { Button } from '@web/components/ui/button';
import { useT } from '@web/lib/i18n';
import { trackingMessages } from '../messages';

const utc = (instant: Date) => instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const escapeText = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/**
 * "Add to Google Calendar" (its event template link) and "Add to Apple Calendar" (an .ics made here), for
 * the booking on its confirmation page. The .ics carries the e-mailed invitation's UID (booking id @ host),
 * so a later move or cancellation e-mail updates the same event.
 */
export function AddToCalendar({ view, businessName, place }: { view: FullTrackingView; businessName: string; place: string | null }) {
  const t = useT(trackingMessages);
  const { google, ics } = useMemo(() => {
    const start = new Date(view.scheduledDate);
    const end = new Date(start.getTime() + view.durationMinutes * 60_000);
    const title = `${businessName}: ${view.serviceName}`;
    const url = typeof window === 'undefined' ? '' : window.location.href;
    const google = new URL('https://calendar.google.com/calendar/render');
    google.searchParams.set('action', 'TEMPLATE');
    google.searchParams.set('text', title);
    google.searchParams.set('dates', `${utc(start)}/${utc(end)}`);
    google.searchParams.set('details', url);
    if (place) google.searchParams.set('location', place);
    const host = typeof window === 'undefined' ? 'localhost' : window.location.hostname;
    const lines = [
      'BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:-//${escapeText(businessName)}//Booking//EN`, 'METHOD:PUBLISH', 'BEGIN:VEVENT',
      `UID:${view.id}@${host}`, `DTSTAMP:${utc(new Date())}`, `DTSTART:${utc(start)}`, `DTEND:${utc(end)}`,
      `SUMMARY:${escapeText(title)}`, ...(place ? [`LOCATION:${escapeText(place)}`] : []), ...(url ? [`URL:${url}`] : []), 'END:VEVENT', 'END:VCALENDAR',
    ];
    return { google: google.toString(), ics: `data:text/calendar;charset=utf-8,${encodeURIComponent(lines.join('\r\n') + '\r\n')}` };
  }, [view.id, view.scheduledDate, view.durationMinutes, view.serviceName, businessName, place]);

  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="outline" size="sm">
        <a href={google} target="_blank" rel="noreferrer">
          <CalendarPlus aria-hidden /> {t('addToGoogle')}
        </a>
      </Button>
      <Button asChild variant="outline" size="sm">
        <a href={ics} download={`booking-${view.id.slice(0, 8)}.ics`}>
          <CalendarPlus aria-hidden /> {t('addToApple')}
        </a>
      </Button>
    </div>
  );
}
