import { greatCircleKm, PARK_AND_SET_UP_MINUTES, type Point, type TravelBand } from '../../../shared/travel';

/** One drive the caller needs: from a point to another, leaving in a band of the day. */
export interface TravelRequest {
  from: Point;
  to: Point;
  band: TravelBand;
}

/**
 * Drive times behind one interface (decision 054): the offline estimate, OSRM when OSRM_URL is set, Google's
 * Distance Matrix when GOOGLE_MAPS_API_KEY is set. Many pairs are asked at once; the answer is whole minutes
 * including the 10 minutes to park and set up, in the order asked. A routing provider may throw (or time out
 * after TRAVEL_TIMEOUT_MS): the caller then falls back to the offline estimate for that call.
 */
export interface TravelProvider {
  readonly name: 'offline' | 'osrm' | 'google';
  minutes(requests: readonly TravelRequest[]): Promise<number[]>;
}

/** A routing service answering slower than this is given up for the call (the offline estimate answers). */
export const TRAVEL_TIMEOUT_MS = 2000;

/** A departure minute inside each band, for providers and fallbacks that take a time of day. */
export const BAND_MINUTE: Record<TravelBand, number> = { peak: 8 * 60, day: 13 * 60, night: 22 * 60 };

/** A routed drive in seconds as the app's minutes: whole minutes rounded up, plus parking; the same place is 0. */
export function routedMinutes(seconds: number, from: Point, to: Point): number {
  if (greatCircleKm(from, to) < 0.05) return 0;
  return Math.ceil(seconds / 60) + PARK_AND_SET_UP_MINUTES;
}
