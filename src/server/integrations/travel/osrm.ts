import { pointKey, type Point } from '../../../shared/travel';
import { routedMinutes, TRAVEL_TIMEOUT_MS, type TravelProvider, type TravelRequest } from './provider';


type Fetch = typeof fetch;

/**
 * OSRM's table service (GET {OSRM_URL}/table/v1/driving/{lng,lat;…}?sources=…&destinations=…): one request
 * for every pair of the call. OSRM's durations do not depend on the time of day, so every band gets the same
 * answer.
 */
export class OsrmTravelProvider implements TravelProvider {
  readonly name = 'osrm' as const;

  constructor(
    private readonly baseUrl: string,
    private readonly fetchImpl: Fetch = fetch,
  ) {}

  async minutes(requests: readonly TravelRequest[]): Promise<number[]> {
    if (!requests.length) return [];
    const points: Point[] = [];
    const index = new Map<string, number>();
    const indexOf = (p: Point) => {
      const key = pointKey(p);
      let i = index.get(key);
      if (i === undefined) {
        i = points.push(p) - 1;
        index.set(key, i);
      }
      return i;
    };
    const pairs = requests.map((r) => [indexOf(r.from), indexOf(r.to)] as const);
    const sources = [...new Set(pairs.map(([s]) => s))];
    const destinations = [...new Set(pairs.map(([, d]) => d))];
    const coordinates = points.map((p) => `${p.longitude.toFixed(6)},${p.latitude.toFixed(6)}`).join(';');
    const url = new URL(`${this.baseUrl.replace(/\/$/, '')}/table/v1/driving/${coordinates}`);
    url.searchParams.set('sources', sources.join(';'));
    url.searchParams.set('destinations', destinations.join(';'));
    url.searchParams.set('annotations', 'duration');
    const response = await this.fetchImpl(url, { signal: AbortSignal.timeout(TRAVEL_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`OSRM table answered ${response.status}`);
    const body = (await response.json()) as { code?: string; durations?: (number | null)[][] };
    if (body.code !== 'Ok' || !body.durations) throw new Error(`OSRM table: ${body.code ?? 'no durations'}`);
    return requests.map((r, i) => {
      const [s, d] = pairs[i]!;
      const seconds = body.durations![sources.indexOf(s)]?.[destinations.indexOf(d)];
      if (seconds == null) throw new Error('OSRM table: no route between two points');
      return routedMinutes(seconds, r.from, r.to);
    });
  }
}
