import { queryOptions } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import { DRIVER_LOCATION_REFETCH_MS, TRACKING_REFETCH_MS } from '@shared/constants';
import { apiCall } from '@web/lib/api';

/** The tracking token travels as a header, never in a URL the server logs. */
function tokenHeaders(token: string | undefined): Record<string, string> {
  return token ? { 'x-tracking-token': token } : {};
}

export const trackingKey = (bookingId: string) => ['tracking', bookingId] as const;
export const driverLocationKey = (bookingId: string) => ['tracking', bookingId, 'driver-location'] as const;

/** GET /api/bookings/guest/:id, polled every 30 s as the fallback for the live socket. */
export function trackingQuery(bookingId: string, token: string | undefined) {
  return queryOptions({
    queryKey: trackingKey(bookingId),
    queryFn: () => apiCall('GET /api/bookings/guest/:id', { params: { id: bookingId }, headers: tokenHeaders(token) }),
    refetchInterval: TRACKING_REFETCH_MS,
    retry: false,
  });
}

/** GET /api/bookings/guest/:id/driver-location, polled every 10 s while the map is open. */
export function driverLocationQuery(bookingId: string, token: string | undefined, enabled: boolean) {
  return queryOptions({
    queryKey: driverLocationKey(bookingId),
    queryFn: () => apiCall('GET /api/bookings/guest/:id/driver-location', { params: { id: bookingId }, headers: tokenHeaders(token) }),
    refetchInterval: enabled ? DRIVER_LOCATION_REFETCH_MS : false,
    enabled,
    retry: false,
    staleTime: 0,
  });
}

/** POST /api/bookings/:id/generate-tracking-token: a shareable link for the owner. */
export function useShareTrackingLink(bookingId: string) {
  return useMutation({
    mutationFn: () => apiCall('POST /api/bookings/:id/generate-tracking-token', { params: { id: bookingId } }),
  });
}
