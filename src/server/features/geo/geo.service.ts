import { formatAddress, inServiceArea, parseUsAddress, type StructuredAddress } from '../../../shared/address';
import { MAX_ADDRESS_SUGGESTIONS } from '../../../shared/constants';
import type { AddressSuggestion } from '../../../shared/schemas/checkout';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { BuiltinGeoProvider, countyPlace, countyZipCodes, distanceMetres, serviceCounty } from '../../integrations/geo/builtin';
import { GooglePlacesProvider } from '../../integrations/geo/google';
import type { GeoPlace, GeoProvider } from '../../integrations/geo/provider';
import { serviceAreaOf } from '../travel';
import { recentBookingAddresses, savedAddresses, type KnownAddress } from './geo.repository';

/** Google Places when GOOGLE_MAPS_API_KEY is set, otherwise the built-in provider. */
export function getGeoProvider(ctx: AppContext): GeoProvider {
  return ctx.config.googleMapsApiKey ? new GooglePlacesProvider(ctx.config.googleMapsApiKey) : new BuiltinGeoProvider();
}

/** The ZIP codes served: SERVICE_ZIP_CODES when set, otherwise every ZIP code of the service county. */
export function serviceZipCodes(ctx: AppContext): readonly string[] {
  return ctx.config.business.serviceZipCodes.length ? ctx.config.business.serviceZipCodes : countyZipCodes;
}

const served = (ctx: AppContext, zipCode: string) => inServiceArea(zipCode, serviceZipCodes(ctx));

/**
 * An address with coordinates: its own when it has them, otherwise its ZIP code's centroid in the service
 * county (good enough for the ETA and the dispatch map); null only outside the county.
 */
export function withCoordinates<A extends { zipCode: string; latitude: string | null; longitude: string | null }>(address: A): A {
  if (address.latitude != null && address.longitude != null) return address;
  const place = countyPlace(address.zipCode);
  return place ? { ...address, latitude: String(place.latitude), longitude: String(place.longitude) } : address;
}

/** Refuses (400) a mobile or pickup address outside the service area, before any payment. */
export function assertServiceArea(ctx: AppContext, zipCode: string): void {
  if (!served(ctx, zipCode)) {
    const zip = zipCode.slice(0, 5);
    const phone = ctx.config.business.phone;
    throw new AppError('OUTSIDE_SERVICE_AREA', `Sorry, we don't serve ZIP code ${zip} yet. Please choose an address in our service area or call ${phone}.`, { zip, phone });
  }
}

/** Where an address stands: served (with its travel fee when its point is known) or refused with the booking's code. */
export interface AreaVerdict {
  inServiceArea: boolean;
  areaRefusal: { code: 'OUTSIDE_SERVICE_AREA' | 'BEYOND_SERVICE_AREA'; params: Record<string, string | number> } | null;
  travelFeeCents: number | null;
}

/**
 * The service area for an address (decision 054): its ZIP code must be served, and its drive from the business
 * (its own point, else its ZIP code's centroid) must fit the last travel band of the settings.
 */
export async function areaVerdict(ctx: AppContext, address: { zipCode: string; latitude: number | string | null; longitude: number | string | null }): Promise<AreaVerdict> {
  const phone = ctx.config.business.phone;
  if (!served(ctx, address.zipCode)) return { inServiceArea: false, areaRefusal: { code: 'OUTSIDE_SERVICE_AREA', params: { zip: address.zipCode.slice(0, 5), phone } }, travelFeeCents: null };
  const centroid = countyPlace(address.zipCode);
  const point =
    address.latitude != null && address.longitude != null && address.latitude !== '' && address.longitude !== ''
      ? { latitude: Number(address.latitude), longitude: Number(address.longitude) }
      : centroid && { latitude: centroid.latitude, longitude: centroid.longitude };
  if (!point || !Number.isFinite(point.latitude) || !Number.isFinite(point.longitude)) return { inServiceArea: true, areaRefusal: null, travelFeeCents: null };
  const area = await serviceAreaOf(ctx, point);
  if (!area.served) return { inServiceArea: false, areaRefusal: { code: 'BEYOND_SERVICE_AREA', params: { driveMinutes: area.driveMinutes, maxMinutes: area.maxMinutes, phone } }, travelFeeCents: null };
  return { inServiceArea: true, areaRefusal: null, travelFeeCents: area.feeCents };
}

/**
 * Refuses (400) a mobile or pickup address outside the service area by ZIP code or by drive time, before any
 * payment; else answers its travel fee in cents (0 within the free drive or when its point is unknown).
 */
export async function assertServed(ctx: AppContext, address: { zipCode: string; latitude: number | string | null; longitude: number | string | null }): Promise<number> {
  const { areaRefusal, travelFeeCents } = await areaVerdict(ctx, address);
  if (!areaRefusal) return travelFeeCents ?? 0;
  if (areaRefusal.code === 'OUTSIDE_SERVICE_AREA') assertServiceArea(ctx, address.zipCode);
  const { driveMinutes, maxMinutes, phone } = areaRefusal.params;
  throw new AppError('BEYOND_SERVICE_AREA', `Sorry, that address is about ${driveMinutes} minutes from us, farther than we travel (${maxMinutes} minutes). Please choose an address closer in or call ${phone}.`, areaRefusal.params);
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

/** google: Google's; typed: a full address from what was typed; area: a city and ZIP code, the street still to add. */
const sourceOf = (provider: GeoProvider, place: GeoPlace): AddressSuggestion['source'] => (provider.name === 'google' ? 'google' : place.street ? 'typed' : 'area');

const normalise = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/**
 * Up to 5 US addresses for what was typed: the customer's saved and recent addresses that match first,
 * then the provider's (Google's, or the typed address parsed into its parts).
 */
export async function suggestAddresses(ctx: AppContext, query: string, userId: string | undefined): Promise<AddressSuggestion[]> {
  const wanted = normalise(query);
  const out: Omit<AddressSuggestion, 'inServiceArea'>[] = [];
  const seen = new Set<string>();
  const add = (place: StructuredAddress & { latitude: number | null; longitude: number | null }, source: AddressSuggestion['source'], addressId: string | null) => {
    const key = normalise(place.formattedAddress);
    if (seen.has(key) || out.length >= MAX_ADDRESS_SUGGESTIONS) return;
    seen.add(key);
    out.push({ ...place, source, addressId });
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
  for (const place of places) add(place, sourceOf(provider, place), null);
  return Promise.all(out.map(async (suggestion) => ({ ...suggestion, ...(await areaVerdict(ctx, suggestion)) })));
}

/** Within this distance of a known address, "use current location" picks it. */
export const NEAREST_KNOWN_METRES = 250;

/**
 * The address at the browser's position: Google's street address when a key is set; otherwise the nearest
 * of the customer's own addresses (within 250 m), else the nearest city and ZIP code of the service county
 * (the customer then adds the street). Outside the county: LOCATION_OUTSIDE_AREA.
 */
export async function reverseGeocode(ctx: AppContext, latitude: number, longitude: number, userId: string | undefined): Promise<AddressSuggestion> {
  const provider = getGeoProvider(ctx);
  if (provider.name === 'google') {
    try {
      const place = await provider.reverse(latitude, longitude);
      if (place) return { ...place, source: 'google', addressId: null, ...(await areaVerdict(ctx, place)) };
    } catch (error) {
      console.error('reverse geocoding failed', error);
    }
  }
  if (userId) {
    const candidates = [...(await savedAddresses(ctx.db, userId)).map((a) => ({ a, source: 'saved' as const })), ...(await recentBookingAddresses(ctx.db, userId)).map((a) => ({ a, source: 'recent' as const }))]
      .filter(({ a }) => a.latitude && a.longitude)
      .map(({ a, source }) => ({ a, source, d: distanceMetres(latitude, longitude, Number(a.latitude), Number(a.longitude)) }))
      .filter((c) => c.d <= NEAREST_KNOWN_METRES)
      .sort((x, y) => x.d - y.d);
    const nearest = candidates[0];
    if (nearest) return { ...known(nearest.a), source: nearest.source, addressId: nearest.a.addressId, ...(await areaVerdict(ctx, nearest.a)) };
  }
  const area = await new BuiltinGeoProvider().reverse(latitude, longitude);
  if (area) return { ...area, source: 'area', addressId: null, ...(await areaVerdict(ctx, area)) };
  const county = `${serviceCounty.name} County`;
  throw new AppError('LOCATION_OUTSIDE_AREA', `Your location is outside ${county}, where we work. Please type an address in ${county}.`, { county });
}
