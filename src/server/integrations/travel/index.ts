import type { Config } from '../../config';
import { GoogleTravelProvider } from './google';
import { OfflineTravelProvider } from './offline';
import { OsrmTravelProvider } from './osrm';
import type { TravelProvider } from './provider';

export { BAND_MINUTE, TRAVEL_TIMEOUT_MS, type TravelProvider, type TravelRequest } from './provider';
export { OfflineTravelProvider } from './offline';

/** OSRM when OSRM_URL is set, else Google's Distance Matrix when GOOGLE_MAPS_API_KEY is set, else the offline estimate. */
export function travelProviderFor(config: Pick<Config, 'osrmUrl' | 'googleMapsApiKey'>, now: () => Date = () => new Date()): TravelProvider {
  if (config.osrmUrl) return new OsrmTravelProvider(config.osrmUrl);
  if (config.googleMapsApiKey) return new GoogleTravelProvider(config.googleMapsApiKey, now);
  return new OfflineTravelProvider();
}
