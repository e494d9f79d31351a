import { offlineTravelMinutes, type Point } from '../../../shared/travel';
import type { TravelFn } from '../../../shared/reachability';
import type { AppContext } from '../../context';

/**
 * A drive-time function for a set of points (decision 051), ready for the pure placement rule to call
 * synchronously: every pair the caller may ask about is looked up first (cache, then the configured
 * provider). Until a routing service is configured this is the offline estimate.
 */
export async function travelFnFor(_ctx: AppContext, _points: readonly Point[]): Promise<TravelFn> {
  return offlineTravelMinutes;
}
