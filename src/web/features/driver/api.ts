import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import { toast } from '@web/lib/toast';
import { DRIVER_BOOKINGS_REFETCH_MS, DRIVER_STATUS_REFETCH_MS } from '@shared/constants';
import type { DriverLocationRequest, UpdateDriverBookingStatusRequest, UpdateDriverStatusRequest } from '@shared/schemas/drivers';
import type { Language } from '@shared/domain';
import type { InspectionView } from '@shared/schemas/inspections';
import { ApiError, errorMessage, apiCall } from '@web/lib/api';
import { useT } from '@web/lib/i18n';
import { driverMessages } from './messages';

export const RECENT_COMPLETED = 6;
const ACTIVE_PAGE_SIZE = 50;

export const driverStatusKey = ['driver', 'status'] as const;
export const driverBookingsKey = ['driver', 'bookings'] as const;

/** GET /api/driver/status, polled every 30 s. */
export const driverStatusQuery = queryOptions({
  queryKey: driverStatusKey,
  queryFn: () => apiCall('GET /api/driver/status'),
  refetchInterval: DRIVER_STATUS_REFETCH_MS,
});

/** GET /api/driver/bookings (active), polled every 10 s. */
export const activeBookingsQuery = queryOptions({
  queryKey: [...driverBookingsKey, 'active'],
  queryFn: () => apiCall('GET /api/driver/bookings', { query: { scope: 'active', pageSize: ACTIVE_PAGE_SIZE } }),
  refetchInterval: DRIVER_BOOKINGS_REFETCH_MS,
});

/** The first 6 completed jobs, most recent first. */
export const completedBookingsQuery = queryOptions({
  queryKey: [...driverBookingsKey, 'completed'],
  queryFn: () => apiCall('GET /api/driver/bookings', { query: { scope: 'completed', pageSize: RECENT_COMPLETED } }),
  refetchInterval: DRIVER_BOOKINGS_REFETCH_MS * 3,
});

export function useSetDriverStatus() {
  const t = useT(driverMessages);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateDriverStatusRequest) => apiCall('PUT /api/driver/status', { body: input }),
    onSuccess: (status) => {
      queryClient.setQueryData(driverStatusKey, status);
      toast.success(t('statusUpdated'));
    },
    onError: (error) => toast.error(t('statusFailed'), { description: errorMessage(error, t('tryAgain')) }),
  });
}

export function useAdvanceBooking() {
  const t = useT(driverMessages);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, ...input }: UpdateDriverBookingStatusRequest & { bookingId: string }) =>
      apiCall('PUT /api/driver/bookings/:id/status', { params: { id: bookingId }, body: input }),
    onSuccess: async () => {
      toast.success(t('bookingUpdated'));
      await Promise.all([queryClient.invalidateQueries({ queryKey: driverBookingsKey }), queryClient.invalidateQueries({ queryKey: driverStatusKey })]);
    },
    onError: async (error) => {
      toast.error(t('bookingFailed'), { description: errorMessage(error, t('tryAgain')) });
      await refetchIfGone(queryClient, error);
    },
  });
}

/** A job the office took away or cancelled meanwhile: the list is refetched so its card goes. */
async function refetchIfGone(queryClient: ReturnType<typeof useQueryClient>, error: unknown): Promise<void> {
  if (error instanceof ApiError && (error.code === 'NOT_YOUR_BOOKING' || error.code === 'BOOKING_NOT_ACTIVE' || error.status === 404)) {
    await queryClient.invalidateQueries({ queryKey: driverBookingsKey });
  }
}

/** A message to the customer (POST /api/driver/bookings/:id/notes); one Idempotency-Key per typed message. */
export function usePostNote() {
  const t = useT(driverMessages);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, message, idempotencyKey }: { bookingId: string; message: string; idempotencyKey: string }) =>
      apiCall('POST /api/driver/bookings/:id/notes', { params: { id: bookingId }, body: { message }, headers: { 'idempotency-key': idempotencyKey } }),
    onSuccess: () => toast.success(t('messageSent')),
    onError: async (error) => {
      toast.error(t('messageFailed'), { description: errorMessage(error, t('tryAgain')) });
      await refetchIfGone(queryClient, error);
    },
  });
}

export function sendDriverLocation(input: DriverLocationRequest) {
  return apiCall('PUT /api/driver/location', { body: input });
}

/**
 * The account's saved language (GET /api/settings; the same key as the settings page's query, so a change
 * there applies here at once) and saving a new choice from the dashboard's picker.
 */
/** The driver's own hours, days off and start place (decision 051). */
export const myHoursQuery = queryOptions({ queryKey: ['driver', 'hours'] as const, queryFn: () => apiCall('GET /api/driver/hours'), staleTime: 60_000 });

/** Today's route (GET /api/driver/route): the driver's jobs in order with the drive to each; refreshed with the job list. */
export const todaysRouteQuery = queryOptions({
  queryKey: [...driverBookingsKey, 'route'] as const,
  queryFn: () => apiCall('GET /api/driver/route'),
  refetchInterval: DRIVER_BOOKINGS_REFETCH_MS * 3,
});

export const settingsQuery = queryOptions({ queryKey: ['settings'] as const, queryFn: () => apiCall('GET /api/settings') });

export function useSaveLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Language) => apiCall('PUT /api/settings', { body: { language } }),
    onSuccess: (settings) => queryClient.setQueryData(settingsQuery.queryKey, settings),
  });
}

/**
 * POST /api/driver/bookings/:id/inspections as multipart (the typed client speaks JSON only): the data part
 * first, then the images. Errors come back as ApiError, worded from their code like any other call.
 */
export async function uploadInspection(bookingId: string, form: FormData): Promise<InspectionView> {
  const response = await fetch(`/api/driver/bookings/${encodeURIComponent(bookingId)}/inspections`, { method: 'POST', body: form, credentials: 'include' });
  const parsed = (await response.json().catch(() => undefined)) as { message?: string } | undefined;
  if (!response.ok) throw new ApiError(response.status, parsed?.message ?? response.statusText, parsed);
  return parsed as InspectionView;
}
