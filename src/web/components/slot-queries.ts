import { queryOptions } from '@tanstack/react-query';
import { SLOTS_STALE_MS } from '@shared/constants';
import { formatTime12, pacificDateKey } from '@shared/time';
import { apiCall } from '@web/lib/api';

// The slot picker's queries and date helpers, apart from its components: the booking start asks for the days
// and reads today's date on its first render, and loads the picker itself once a service is chosen.

/** The days of `from`..`to` on which the service has a free start (kept like the slots: 5 minutes, no refetch on focus). */
/**
 * `vehicles` (shared/booking-job.ts jobQueryOf): the days must have a start the whole job fits; `place`: where
 * the job is, so the days have a start a technician can get to (decision 055).
 */
export const availableDaysQuery = (serviceId: string, from: string, to: string, vehicles?: string, place?: SlotPlace) =>
  queryOptions({
    queryKey: ['services', serviceId, 'days', from, to, vehicles ?? '', placeKey(place)] as const,
    queryFn: () => apiCall('GET /api/services/:id/available-days', { params: { id: serviceId }, query: { from, to, ...(vehicles ? { vehicles } : {}), ...place } }),
    staleTime: SLOTS_STALE_MS,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });

/** Where a job is, for the slot lists: the customer's saved address, or a found address's coordinates. */
export type SlotPlace = { addressId: string } | { lat: number; lng: number };

/** A place's part of a query key ('' for none). */
export const placeKey = (place: SlotPlace | undefined): string => (!place ? '' : 'addressId' in place ? place.addressId : `${place.lat},${place.lng}`);

/** Where a calendar asks for its open days when they are not one service's (a store order's whole job). */
export interface OpenDaysSource {
  key: readonly unknown[];
  fetch: (from: string, to: string) => Promise<{ dates: string[] }>;
}

/** Today's date key in San Jose. */
export const todayKey = (now = Date.now()): string => pacificDateKey(now);

export function slotLabel(slot: { startTime: string; endTime: string }): string {
  return `${formatTime12(slot.startTime)} - ${formatTime12(slot.endTime)}`;
}

