import { parseUsAddress } from '../../../shared/address';
import type { GeoPlace, GeoProvider } from './provider';

/**
 * The offline provider: it knows no map, so it only parses what the customer typed
 * ("425 Park Ave, San Jose, CA 95110") into its parts. The geo service adds the customer's own saved
 * and recent addresses, which is what makes it useful day to day.
 */
export class BuiltinGeoProvider implements GeoProvider {
  readonly name = 'builtin' as const;

  async suggest(query: string): Promise<GeoPlace[]> {
    const parsed = parseUsAddress(query);
    return parsed ? [{ ...parsed, latitude: null, longitude: null }] : [];
  }

  async reverse(): Promise<GeoPlace | null> {
    return null;
  }
}
