import { formatAddress } from '../../../shared/address';
import type { GeoPlace, GeoProvider } from './provider';

type Fetch = typeof fetch;

interface AddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

interface GoogleResult {
  address_components?: AddressComponent[];
  formatted_address?: string;
  geometry?: { location?: { lat: number; lng: number } };
}

const API = 'https://maps.googleapis.com/maps/api';

/** Turns Google's address components into the app's structured address; undefined unless it is a full US street address. */
export function placeFromGoogle(result: GoogleResult): GeoPlace | undefined {
  const parts = result.address_components ?? [];
  const find = (type: string) => parts.find((p) => p.types.includes(type));
  const country = find('country')?.short_name;
  const streetNumber = find('street_number')?.long_name;
  const streetName = find('route')?.short_name ?? find('route')?.long_name;
  const city = (find('locality') ?? find('postal_town') ?? find('sublocality') ?? find('administrative_area_level_3'))?.long_name;
  const state = find('administrative_area_level_1')?.short_name;
  const zipCode = find('postal_code')?.long_name;
  if (country !== 'US' || !streetNumber || !streetName || !city || !state || !zipCode) return undefined;
  const street = `${streetNumber} ${streetName}`;
  return {
    streetNumber,
    streetName,
    street,
    city,
    state,
    zipCode,
    country: 'US',
    formattedAddress: formatAddress({ street, city, state, zipCode }),
    latitude: result.geometry?.location?.lat ?? null,
    longitude: result.geometry?.location?.lng ?? null,
  };
}

/** Google Places autocomplete (US street addresses) with place details, and reverse geocoding. */
export class GooglePlacesProvider implements GeoProvider {
  readonly name = 'google' as const;

  constructor(
    private readonly apiKey: string,
    private readonly fetchImpl: Fetch = fetch,
  ) {}

  private async get<T>(path: string, params: Record<string, string>): Promise<T> {
    const url = new URL(`${API}/${path}`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    url.searchParams.set('key', this.apiKey);
    const response = await this.fetchImpl(url, { signal: AbortSignal.timeout(8000) });
    if (!response.ok) throw new Error(`Google Maps ${path} answered ${response.status}`);
    const body = (await response.json()) as T & { status?: string; error_message?: string };
    if (body.status && body.status !== 'OK' && body.status !== 'ZERO_RESULTS') throw new Error(`Google Maps ${path}: ${body.status} ${body.error_message ?? ''}`);
    return body;
  }

  async suggest(query: string, limit: number): Promise<GeoPlace[]> {
    const { predictions = [] } = await this.get<{ predictions?: Array<{ place_id: string }> }>('place/autocomplete/json', {
      input: query,
      types: 'address',
      components: 'country:us',
    });
    const details = await Promise.all(
      predictions.slice(0, limit).map((p) =>
        this.get<{ result?: GoogleResult }>('place/details/json', { place_id: p.place_id, fields: 'address_component,formatted_address,geometry' }).then((d) => (d.result ? placeFromGoogle(d.result) : undefined)),
      ),
    );
    return details.filter((d): d is GeoPlace => Boolean(d));
  }

  async reverse(latitude: number, longitude: number): Promise<GeoPlace | null> {
    const { results = [] } = await this.get<{ results?: GoogleResult[] }>('geocode/json', { latlng: `${latitude},${longitude}`, result_type: 'street_address|premise' });
    for (const result of results) {
      const place = placeFromGoogle(result);
      if (place) return place;
    }
    return null;
  }
}
