import { formatAddress, parseUsAddress } from '../../../shared/address';
import { COUNTY, COUNTY_PLACES } from './county-places';
import type { GeoPlace, GeoProvider } from './provider';

/** One ZIP code of the service county, with its city and centroid. */
export interface CountyPlace {
  zipCode: string;
  city: string;
  latitude: number;
  longitude: number;
}

export const countyPlaces: readonly CountyPlace[] = COUNTY_PLACES.map(([zipCode, city, latitude, longitude]) => ({ zipCode, city, latitude, longitude }));
const byZip = new Map(countyPlaces.map((p) => [p.zipCode, p]));
const cities = [...new Set(countyPlaces.map((p) => p.city))];
/**
 * The county's ZIPs that no street is delivered to: P.O. box ZIPs (USPS type "PO Box") and single-organisation
 * ones (a university, a company). Most have a centroid of their own in the data, so sharing a centroid alone
 * does not find them: 95052 (Santa Clara's P.O. boxes) sits between homes and was the current location's answer.
 */
const NO_STREET_ZIPS = new Set([
  '94023', '94035', '94039', '94042', '94088', '94302', '94309', '95009', '95011', '95015', '95021', '95026', '95031', '95036', '95038', '95042',
  '95044', '95052', '95053', '95055', '95056', '95071', '95101', '95103', '95106', '95108', '95109', '95115', '95141', '95150', '95151', '95152',
  '95153', '95154', '95155', '95156', '95157', '95158', '95159', '95160', '95161', '95164', '95170', '95172', '95173', '95190', '95191', '95192',
  '95193', '95194', '95196',
]);
// ZIPs that share one centroid with others are P.O. box and single-business ZIPs placed at the city centre too.
const centroidCount = new Map<string, number>();
for (const p of countyPlaces) centroidCount.set(`${p.latitude},${p.longitude}`, (centroidCount.get(`${p.latitude},${p.longitude}`) ?? 0) + 1);
const residential = (p: CountyPlace) => !NO_STREET_ZIPS.has(p.zipCode) && centroidCount.get(`${p.latitude},${p.longitude}`) === 1;
const homes = countyPlaces.filter(residential);
// Listed after the ZIPs people live in.
const ranked = [...homes, ...countyPlaces.filter((p) => !residential(p))];

/** The place of `places` nearest a position, within the county's reach. */
function nearest(places: readonly CountyPlace[], latitude: number, longitude: number): CountyPlace | undefined {
  let best: { place: CountyPlace; d: number } | undefined;
  for (const place of places) {
    const d = distanceMetres(latitude, longitude, place.latitude, place.longitude);
    if (!best || d < best.d - 1) best = { place, d };
  }
  return best && best.d <= COUNTY_REACH_METRES ? best.place : undefined;
}

export const serviceCounty = COUNTY;
/** The county's ZIP codes: the service area when SERVICE_ZIP_CODES is not set. */
export const countyZipCodes: readonly string[] = countyPlaces.map((p) => p.zipCode);

/** The centroid of a county ZIP code; undefined outside the county. */
export function countyPlace(zipCode: string): CountyPlace | undefined {
  return byZip.get(zipCode.trim().slice(0, 5));
}

const EARTH_METRES = 6_371_000;
export function distanceMetres(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLng = (bLng - aLng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_METRES * Math.asin(Math.sqrt(h));
}

/** Farther than this from every ZIP centroid of the county, a position is outside it. */
export const COUNTY_REACH_METRES = 8_000;

const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
const STATE_WORDS = new Set(['ca', 'california', 'usa', 'us']);

/**
 * Splits "425 Park Ave, San Jose 951" into street ("425 Park Ave"), the county cities it may name
 * (["San Jose"]; the city may be cut short: "san jo", "santa") and a ZIP prefix ("951").
 */
export function parseCountyQuery(query: string): { street?: string; cities?: string[]; zipPrefix?: string } | undefined {
  const original = query.replace(/,/g, ' ').trim().split(/\s+/).filter((w) => words(w).length > 0);
  let tokens = original.map((w) => words(w).join(''));
  let zipPrefix: string | undefined;
  const last = tokens[tokens.length - 1];
  if (last && /^\d{1,5}$/.test(last) && (tokens.length > 1 || last.length >= 3)) {
    zipPrefix = last;
    tokens = tokens.slice(0, -1);
  }
  while (tokens.length && STATE_WORDS.has(tokens[tokens.length - 1]!)) tokens = tokens.slice(0, -1);
  // The most words at the end of the text that begin a county city's name.
  let matched: string[] = [];
  let cityWords = 0;
  for (let n = Math.min(3, tokens.length); n >= 1 && matched.length === 0; n--) {
    const tail = tokens.slice(tokens.length - n).join(' ');
    if (tail.length < 3) continue;
    matched = cities.filter((name) => words(name).join(' ').startsWith(tail));
    cityWords = matched.length ? n : 0;
  }
  if (matched.length === 0 && !zipPrefix) return undefined;
  const street = original.slice(0, tokens.length - cityWords).join(' ').trim();
  return { street: /^\d+[A-Za-z]?(?:-\d+)?\s+\S/.test(street) ? street : undefined, cities: matched.length ? matched : undefined, zipPrefix };
}

function toPlace(place: CountyPlace, street?: string): GeoPlace {
  const [, streetNumber = '', streetName = ''] = street ? (/^(\S+)\s+(.*)$/.exec(street) ?? []) : [];
  const s = street ?? '';
  return {
    streetNumber,
    streetName,
    street: s,
    city: place.city,
    state: serviceCounty.state,
    zipCode: place.zipCode,
    country: 'US',
    formattedAddress: s ? formatAddress({ street: s, city: place.city, state: serviceCounty.state, zipCode: place.zipCode }) : `${place.city}, ${serviceCounty.state} ${place.zipCode}`,
    latitude: place.latitude,
    longitude: place.longitude,
  };
}

/**
 * The offline provider: the service county's ZIP codes, cities and centroids (GeoNames data shipped in the
 * repo). "San Jose 951" suggests San Jose's 951xx ZIP codes; with a street in front ("425 Park Ave, San
 * Jose 951") it suggests full addresses. Coordinates are the ZIP's centroid. A fully typed address outside
 * the county is parsed but has no coordinates.
 */
export class BuiltinGeoProvider implements GeoProvider {
  readonly name = 'builtin' as const;

  async suggest(query: string, limit = 5): Promise<GeoPlace[]> {
    const parsed = parseUsAddress(query);
    if (parsed) {
      const place = countyPlace(parsed.zipCode);
      return [{ ...parsed, latitude: place?.latitude ?? null, longitude: place?.longitude ?? null }];
    }
    const q = parseCountyQuery(query);
    if (!q) return [];
    return ranked
      .filter((p) => (!q.cities || q.cities.includes(p.city)) && (!q.zipPrefix || p.zipCode.startsWith(q.zipPrefix)))
      .slice(0, limit)
      .map((p) => toPlace(p, q.street));
  }

  /**
   * The nearest county ZIP people live in (its city and centroid) to a position, never a P.O. box ZIP while a
   * residential one is in reach; null outside the county.
   */
  async reverse(latitude: number, longitude: number): Promise<GeoPlace | null> {
    const place = nearest(homes, latitude, longitude) ?? nearest(ranked, latitude, longitude);
    return place ? toPlace(place) : null;
  }
}
