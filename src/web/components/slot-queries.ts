import { queryOptions } from '@tanstack/react-query';
import { SLOTS_STALE_MS, TIME_ZONE } from '@shared/constants';
import { formatTime12 } from '@shared/date-keys';
import { apiCall } from '@web/lib/api';

/**
 * What the slot picker's callers need before the picker itself (slot-picker.tsx): the open days' query, the
 * place of a job and today's date key. The booking start asks for these on its first render and loads the
 * picker only once a service is chosen (decision 073).
 */

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

/**
 * The calendar day in San Jose through the browser's own time-zone data: shared/time.ts's pacificDateKey
 * gives the same key (slot-queries.test.ts) but carries @date-fns/tz into the first load of `/`.
 */
const pacificDay = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date key in San Jose. */
export function todayKey(now = Date.now()): string {
  const part = (type: Intl.DateTimeFormatPartTypes) => pacificDay.formatToParts(now).find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export function slotLabel(slot: { startTime: string; endTime: string }): string {
  return `${formatTime12(slot.startTime)} - ${formatTime12(slot.endTime)}`;
}
