import { offlineTravelMinutes } from '../../../shared/travel';
import { BAND_MINUTE, type TravelProvider, type TravelRequest } from './provider';

/** The offline estimate (shared/travel.ts): pure, so its answers need no cache. */
export class OfflineTravelProvider implements TravelProvider {
  readonly name = 'offline' as const;

  minutes(requests: readonly TravelRequest[]): Promise<number[]> {
    return Promise.resolve(requests.map((r) => offlineTravelMinutes(r.from, r.to, BAND_MINUTE[r.band])));
  }
}
