import { formatAddress, inServiceArea, parseUsAddress, type StructuredAddress } from '../../../shared/address';
import { MAX_ADDRESS_SUGGESTIONS } from '../../../shared/constants';
import type { AddressSuggestion } from '../../../shared/schemas/checkout';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { BuiltinGeoProvider } from '../../integrations/geo/builtin';
import { GooglePlacesProvider } from '../../integrations/geo/google';
import type { GeoPlace, GeoProvider } from '../../integrations/geo/provider';
import { recentBookingAddresses, savedAddresses, type KnownAddress } from './geo.repository';

/** Google Places when GOOGLE_MAPS_API_KEY is set, otherwise the built-in provider. */
export function getGeoProvider(ctx: AppContext): GeoProvider {
  return ctx.config.googleMapsApiKey ? new GooglePlacesProvider(ctx.config.googleMapsApiKey) : new BuiltinGeoProvider();
}

/** Refuses (400) a mobile or pickup address outside SERVICE_ZIP_CODES, before any payment. */
export function assertServiceArea(ctx: AppContext, zipCode: string): void {
  if (!inServiceArea(zipCode, ctx.config.business.serviceZipCodes)) {
    throw new AppError(
      'BAD_REQUEST',
      `Sorry, we don't serve ZIP code ${zipCode.slice(0, 5)} yet. Please choose an address in our service area or call ${ctx.config.business.phone}.`,
    );
  }
}

function known(address: KnownAddress): StructuredAddress & { latitude: number | null; longitude: number | null } {
  const parsed = parseUsAddress(formatAddress(address));
  const [, streetNumber = '', streetName = address.street] = /^(\S+)\s+(.*)$/.exec(address.street) ?? [];
  return {
    streetNumber: parsed?.streetNumber ?? streetNumber,
    streetName: parsed?.streetName ?? streetName,
    street: address.street,
    city: address.city,
    state: address.state,
    zipCode: address.zipCode,
    country: 'US',
    formattedAddress: formatAddress(address),
    latitude: address.latitude ? Number(address.latitude) : null,
    longitude: address.longitude ? Number(address.longitude) : null,
  };
}

const normalise = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/**
 * Up to 5 US addresses for what was typed: the customer's saved and recent addresses that match first,
 * then the provider's (Google's, or the typed address parsed into its parts).
 */
export async function suggestAddresses(ctx: AppContext, query: string, userId: string | undefined): Promise<AddressSuggestion[]> {
  const wanted = normalise(query);
  const out: AddressSuggestion[] = [];
  const seen = new Set<string>();
  const add = (place: StructuredAddress & { latitude: number | null; longitude: number | null }, source: AddressSuggestion['source'], addressId: string | null) => {
    const key = normalise(place.formattedAddress);
    if (seen.has(key) || out.length >= MAX_ADDRESS_SUGGESTIONS) return;
    seen.add(key);
    out.push({ ...place, source, addressId, inServiceArea: inServiceArea(place.zipCode, ctx.config.business.serviceZipCodes) });
  };
  if (userId) {
    for (const saved of await savedAddresses(ctx.db, userId)) if (normalise(formatAddress(saved)).includes(wanted)) add(known(saved), 'saved', saved.addressId);
    for (const recent of await recentBookingAddresses(ctx.db, userId)) if (normalise(formatAddress(recent)).includes(wanted)) add(known(recent), 'recent', null);
  }
  const provider = getGeoProvider(ctx);
  let places: GeoPlace[] = [];
  try {
    places = await provider.suggest(query, MAX_ADDRESS_SUGGESTIONS);
  } catch (error) {
    // A lookup outage must not stop a booking: the customer can still type a full address.
    console.error('address suggestions failed', error);
    places = await new BuiltinGeoProvider().suggest(query);
  }
  for (const place of places) add(place, provider.name === 'google' ? 'google' : 'typed', null);
  return out;
}

const EARTH_METRES = 6_371_000;
function distanceMetres(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLng = (bLng - aLng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_METRES * Math.asin(Math.sqrt(h));
}

/** Within this distance of a known address, "use current location" picks it. */
export const NEAREST_KNOWN_METRES = 250;

/** The street address at the browser's position: the provider's, else the nearest of the customer's own. */
export async function reverseGeocode(ctx: AppContext, latitude: number, longitude: number, userId: string | undefined): Promise<AddressSuggestion> {
  const provider = getGeoProvider(ctx);
  let place: GeoPlace | null = null;
  try {
    place = await provider.reverse(latitude, longitude);
  } catch (error) {
    console.error('reverse geocoding failed', error);
  }
  if (place) return { ...place, source: provider.name === 'google' ? 'google' : 'typed', addressId: null, inServiceArea: inServiceArea(place.zipCode, ctx.config.business.serviceZipCodes) };
  if (userId) {
    const candidates = [...(await savedAddresses(ctx.db, userId)).map((a) => ({ a, source: 'saved' as const })), ...(await recentBookingAddresses(ctx.db, userId)).map((a) => ({ a, source: 'recent' as const }))]
      .filter(({ a }) => a.latitude && a.longitude)
      .map(({ a, source }) => ({ a, source, d: distanceMetres(latitude, longitude, Number(a.latitude), Number(a.longitude)) }))
      .filter((c) => c.d <= NEAREST_KNOWN_METRES)
      .sort((x, y) => x.d - y.d);
    const nearest = candidates[0];
    if (nearest) return { ...known(nearest.a), source: nearest.source, addressId: nearest.a.addressId, inServiceArea: inServiceArea(nearest.a.zipCode, ctx.config.business.serviceZipCodes) };
  }
  throw new AppError('NOT_FOUND', 'We could not find a street address for your location. Please type it instead.');
}
