import { TIME_ZONE } from '../../../shared/constants';
import { pacificDateKey, pacificTimeOfDay } from '../../../shared/time';

/**
 * A one-event iCalendar file in Pacific wall time (TZID=America/Los_Angeles with its VTIMEZONE), so the
 * event sits at the booked local time in any calendar, on daylight-saving days too.
 */
export interface CalendarEvent {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string;
  url?: string;
  stamp: Date;
  /** Bumped each time the event moves, so calendars replace the old copy (RFC 5545 §3.8.7.4). */
  sequence?: number;
  status?: 'CONFIRMED' | 'CANCELLED';
}

const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0800',
  'TZOFFSETTO:-0700',
  'TZNAME:PDT',
  'DTSTART:19700308T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0700',
  'TZOFFSETTO:-0800',
  'TZNAME:PST',
  'DTSTART:19701101T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** 20261121T100000: the Pacific wall-clock time of an instant. */
export function pacificStamp(instant: Date): string {
  return `${pacificDateKey(instant).replace(/-/g, '')}T${pacificTimeOfDay(instant).replace(':', '')}00`;
}

function utcStamp(instant: Date): string {
  return instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545 §3.1). */
export function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    if (Buffer.byteLength(current + char, 'utf8') > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function eventLines(event: CalendarEvent): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART;TZID=${TIME_ZONE}:${pacificStamp(event.start)}`,
    `DTEND;TZID=${TIME_ZONE}:${pacificStamp(event.end)}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    `STATUS:${event.status ?? 'CONFIRMED'}`,
    'END:VEVENT',
  ];
}

/**
 * An iCalendar document of any number of events (a booking's attachment, a staff member's feed), CRLF lines
 * folded at 75 octets. METHOD:CANCEL with the event's UID, a higher SEQUENCE and STATUS:CANCELLED removes
 * the event a calendar took from the confirmation (RFC 5546 §3.2.5).
 */
export function buildCalendar(events: CalendarEvent[], productName: string, calendarName?: string, method: 'PUBLISH' | 'CANCEL' = 'PUBLISH'): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(productName)}//Booking//EN`,
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...(calendarName ? [`X-WR-CALNAME:${escapeText(calendarName)}`, `X-WR-TIMEZONE:${TIME_ZONE}`] : []),
    ...VTIMEZONE,
    ...events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

export function buildIcs(event: CalendarEvent, productName: string): string {
  return buildCalendar([event], productName);
}
