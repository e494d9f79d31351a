import { queryOptions, useMutation } from '@tanstack/react-query';
import { DRIVER_LOCATION_REFETCH_MS, TRACKING_REFETCH_MS } from '@shared/constants';
import type { DriverLocationResponse, TrackingTokenResponse, TrackingView } from '@shared/schemas/tracking';
import { api, apiRequest } from '@web/lib/api';

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
    queryFn: () => apiRequest<TrackingView>('GET', `/api/bookings/guest/${encodeURIComponent(bookingId)}`, undefined, tokenHeaders(token)),
    refetchInterval: TRACKING_REFETCH_MS,
    retry: false,
  });
}

/** GET /api/bookings/guest/:id/driver-location, polled every 10 s while the map is open. */
export function driverLocationQuery(bookingId: string, token: string | undefined, enabled: boolean) {
  return queryOptions({
    queryKey: driverLocationKey(bookingId),
    queryFn: () => apiRequest<DriverLocationResponse>('GET', `/api/bookings/guest/${encodeURIComponent(bookingId)}/driver-location`, undefined, tokenHeaders(token)),
    refetchInterval: enabled ? DRIVER_LOCATION_REFETCH_MS : false,
    enabled,
    retry: false,
    staleTime: 0,
  });
}

/** POST /api/bookings/:id/generate-tracking-token: a shareable link for the owner. */
export function useShareTrackingLink(bookingId: string) {
  return useMutation({
    mutationFn: () => api.post<TrackingTokenResponse>(`/api/bookings/${encodeURIComponent(bookingId)}/generate-tracking-token`),
  });
}
