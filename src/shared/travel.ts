/**
 * Drive time between two points without a routing service (decision 051): great-circle distance × 1.35 for
 * the roads, at a speed for the time of day, plus 10 minutes to park and set up. Whole minutes, rounded up.
 * A routing service (OSRM, Google) answers the same question behind the server's travel interface.
 */
export interface Point {
  latitude: number;
  longitude: number;
}

export type TravelBand = 'peak' | 'day' | 'night';

export const ROAD_FACTOR = 1.35;
export const PARK_AND_SET_UP_MINUTES = 10;
/** km/h by band, a mix of freeway and streets: county traffic at rush hour, in the day, and in the evening and night. */
export const BAND_SPEED_KMH: Record<TravelBand, number> = { peak: 45, day: 60, night: 70 };

const EARTH_RADIUS_KM = 6371;

export function greatCircleKm(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The band of a departure at a wall-clock minute of the day (Pacific): 7:00–9:30 and 16:00–18:30 are peak. */
export function travelBand(minuteOfDay: number): TravelBand {
  if ((minuteOfDay >= 7 * 60 && minuteOfDay < 9 * 60 + 30) || (minuteOfDay >= 16 * 60 && minuteOfDay < 18 * 60 + 30)) return 'peak';
  if (minuteOfDay >= 6 * 60 && minuteOfDay < 20 * 60) return 'day';
  return 'night';
}

/** Minutes to drive from `from` to `to` leaving at `departMinute`; the same point is 0 (no drive, no parking). */
export function offlineTravelMinutes(from: Point, to: Point, departMinute: number): number {
  const km = greatCircleKm(from, to) * ROAD_FACTOR;
  if (km < 0.05) return 0;
  return Math.ceil((km / BAND_SPEED_KMH[travelBand(departMinute)]) * 60) + PARK_AND_SET_UP_MINUTES;
}

/** A point rounded to ~100 m: the cache key of a drive time, so one lookup serves every job at an address. */
export function pointKey(point: Point): string {
  return `${point.latitude.toFixed(3)},${point.longitude.toFixed(3)}`;
}
