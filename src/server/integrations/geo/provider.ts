import type { StructuredAddress } from '../../../shared/address';

/** A place an address lookup found, before the app adds service-area and ownership details. */
export interface GeoPlace extends StructuredAddress {
  latitude: number | null;
  longitude: number | null;
}

/**
 * Address lookups behind one interface: Google Places when GOOGLE_MAPS_API_KEY is set, otherwise the
 * built-in provider (the customer's own addresses plus a parser for typed ones). Called only by the server,
 * so keys stay secret.
 */
export interface GeoProvider {
  readonly name: 'google' | 'builtin';
  /** At most `limit` US street addresses matching what was typed. */
  suggest(query: string, limit: number): Promise<GeoPlace[]>;
  /** The street address at a point, if the provider knows one. */
  reverse(latitude: number, longitude: number): Promise<GeoPlace | null>;
}
