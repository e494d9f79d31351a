import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import { TRACKING_REFETCH_MS } from '@shared/constants';
import { apiCall, newIdempotencyKey } from '@web/lib/api';

/** The tracking token travels as a header for JSON; images cannot send one, so their URLs carry ?token=. */
const tokenHeaders = (token: string | undefined): Record<string, string> => (token ? { 'x-tracking-token': token } : {});

export const inspectionsKey = (bookingId: string) => ['inspections', bookingId] as const;

/** GET /api/driver/bookings/:id/inspections — polled like the tracking view, so a new inspection shows without a reload. */
export function inspectionsQuery(bookingId: string, token: string | undefined) {
  return queryOptions({
    queryKey: inspectionsKey(bookingId),
    queryFn: () => apiCall('GET /api/driver/bookings/:id/inspections', { params: { id: bookingId }, headers: tokenHeaders(token) }),
    refetchInterval: TRACKING_REFETCH_MS,
    retry: false,
  });
}

/** A photo's URL for an <img>: the session cookie goes by itself, a tracking link adds its token. */
export function photoSrc(url: string, token: string | undefined): string {
  return token ? `${url}?token=${encodeURIComponent(token)}` : url;
}

/** POST …/inspections/concerns: one Idempotency-Key per typed concern, so a retried tap never files two. */
export function useFlagConcern(bookingId: string, token: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ text, idempotencyKey }: { text: string; idempotencyKey: string }) =>
      apiCall('POST /api/driver/bookings/:id/inspections/concerns', { params: { id: bookingId }, body: { text }, headers: { ...tokenHeaders(token), 'idempotency-key': idempotencyKey } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inspectionsKey(bookingId) }),
  });
}

export { newIdempotencyKey };
