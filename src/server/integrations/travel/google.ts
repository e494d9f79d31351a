import { pointKey, type Point, type TravelBand } from '../../../shared/travel';
import { BAND_MINUTE, routedMinutes, TRAVEL_TIMEOUT_MS, type TravelProvider, type TravelRequest } from './provider';


type Fetch = typeof fetch;

const API = 'https://maps.googleapis.com/maps/api/distancematrix/json';
/** Google takes at most 25 destinations a request. */
const MAX_DESTINATIONS = 25;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Pacific standard time's offset; an hour off in summer is close enough for a traffic estimate. */
const PACIFIC_OFFSET_MS = 8 * 60 * 60 * 1000;

const at = (p: Point) => `${p.latitude.toFixed(6)},${p.longitude.toFixed(6)}`;

/**
 * Google's Distance Matrix (the key as for address lookups, integrations/geo/google.ts): one request per
 * origin and band, with the band's time of day tomorrow as the departure, so traffic shapes the answer.
 */
export class GoogleTravelProvider implements TravelProvider {
  readonly name = 'google' as const;

  constructor(
    private readonly apiKey: string,
    private readonly now: () => Date = () => new Date(),
    private readonly fetchImpl: Fetch = fetch,
  ) {}

  /** Tomorrow at the band's minute (Pacific), in seconds since the epoch: Google wants a departure not in the past. */
  private departure(band: TravelBand): number {
    const midnight = Math.floor(this.now().getTime() / DAY_MS) * DAY_MS + DAY_MS;
    return Math.floor((midnight + PACIFIC_OFFSET_MS + BAND_MINUTE[band] * 60_000) / 1000);
  }

  async minutes(requests: readonly TravelRequest[]): Promise<number[]> {
    const answers: number[] = new Array<number>(requests.length);
    const groups = new Map<string, { origin: Point; band: TravelBand; items: { index: number; to: Point }[] }>();
    requests.forEach((r, index) => {
      const key = `${r.band}|${pointKey(r.from)}`;
      const group = groups.get(key) ?? { origin: r.from, band: r.band, items: [] };
      group.items.push({ index, to: r.to });
      groups.set(key, group);
    });
    const calls: Promise<void>[] = [];
    for (const group of groups.values()) {
      for (let i = 0; i < group.items.length; i += MAX_DESTINATIONS) {
        const items = group.items.slice(i, i + MAX_DESTINATIONS);
        calls.push(
          this.row(group.origin, group.band, items.map((item) => item.to)).then((seconds) => {
            items.forEach((item, j) => (answers[item.index] = routedMinutes(seconds[j]!, group.origin, item.to)));
          }),
        );
      }
    }
    await Promise.all(calls);
    return answers;
  }

  private async row(origin: Point, band: TravelBand, destinations: Point[]): Promise<number[]> {
    const url = new URL(API);
    url.searchParams.set('origins', at(origin));
    url.searchParams.set('destinations', destinations.map(at).join('|'));
    url.searchParams.set('mode', 'driving');
    url.searchParams.set('departure_time', String(this.departure(band)));
    url.searchParams.set('key', this.apiKey);
    const response = await this.fetchImpl(url, { signal: AbortSignal.timeout(TRAVEL_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`Google Distance Matrix answered ${response.status}`);
    const body = (await response.json()) as {
      status?: string;
      error_message?: string;
      rows?: { elements?: { status?: string; duration?: { value: number }; duration_in_traffic?: { value: number } }[] }[];
    };
    if (body.status !== 'OK') throw new Error(`Google Distance Matrix: ${body.status ?? 'no status'} ${body.error_message ?? ''}`);
    const elements = body.rows?.[0]?.elements ?? [];
    return destinations.map((_, j) => {
      const element = elements[j];
      const seconds = element?.status === 'OK' ? (element.duration_in_traffic ?? element.duration)?.value : undefined;
      if (seconds === undefined) throw new Error(`Google Distance Matrix: no route (${element?.status ?? 'missing'})`);
      return seconds;
    });
  }
}
