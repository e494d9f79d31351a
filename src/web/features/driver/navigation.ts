import { pacificDateKey } from '@shared/time';
import type { BookingView } from '@shared/schemas/bookings';
import type { DriverRouteStop } from '@shared/schemas/technicians';

/** '425 Park Ave, San Jose, CA 95110', or null for a job at the business's own location. */
export function addressLine(booking: Pick<BookingView, 'address'>): string | null {
  const a = booking.address;
  return a ? `${a.street}, ${a.city}, ${a.state} ${a.zipCode}` : null;
}

/**
 * Where tapping the address goes: Android opens its navigation app from a `geo:` link (the coordinates when
 * the address was placed on the map, the address as the query); everything else gets a maps search link,
 * which opens the maps app on iPhones and a map in a desktop browser. No key needed.
 */
export function navigationHref(address: string, coords: { latitude: number | null; longitude: number | null }, userAgent: string): string {
  const query = encodeURIComponent(address);
  if (/Android/i.test(userAgent)) {
    const at = coords.latitude !== null && coords.longitude !== null ? `${coords.latitude},${coords.longitude}` : '0,0';
    return `geo:${at}?q=${query}`;
  }
  return `https://www.google.com/maps/search/?api=1&query=${query}`;
}

/** Jobs of today (and any left over from earlier days) and jobs of later days, by the Los Angeles calendar. */
export function groupByDay<T extends Pick<BookingView, 'businessDate'>>(jobs: T[], now: Date): { today: T[]; later: T[] } {
  const today = pacificDateKey(now);
  return { today: jobs.filter((j) => j.businessDate <= today), later: jobs.filter((j) => j.businessDate > today) };
}

/** One stop of the route as a line: '1 · 10:00 · 12 min drive · 425 Park Ave, San Jose, CA 95110'. */
export function routeStopLine(
  t: (key: 'routeStop' | 'routeDrive' | 'routeNoDrive' | 'routeNoAddress', vars?: Record<string, string | number>) => string,
  stop: Pick<DriverRouteStop, 'start' | 'driveMinutes' | 'address'>,
  index: number,
): string {
  const drive = stop.driveMinutes ? t('routeDrive', { minutes: stop.driveMinutes }) : t('routeNoDrive');
  return t('routeStop', { index: index + 1, time: stop.start, drive, address: stop.address ?? t('routeNoAddress') });
}
