import type { DriverJobEvent } from '@shared/schemas/tracking';
import { useLiveChannel } from '@web/lib/live-channel';

/**
 * The driver channel (/ws?channel=driver): a change to one of the signed-in driver's jobs (assigned,
 * unassigned, cancelled, updated) reaches the open page at once; after a drop the page refetches.
 */
export function useDriverLive(onJob: (event: DriverJobEvent) => void, onReconnect: () => void): void {
  useLiveChannel('driver', true, (message) => message.type === 'driver_job' && onJob(message), onReconnect);
}
