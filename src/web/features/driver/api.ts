import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/lib/toast';
import { DRIVER_BOOKINGS_REFETCH_MS, DRIVER_STATUS_REFETCH_MS } from '@shared/constants';
import type { DriverLocationRequest, UpdateDriverBookingStatusRequest, UpdateDriverStatusRequest } from '@shared/schemas/drivers';
import { ApiError, errorMessage, apiCall } from '@web/lib/api';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateDriverStatusRequest) => apiCall('PUT /api/driver/status', { body: input }),
    onSuccess: (status) => {
      queryClient.setQueryData(driverStatusKey, status);
      toast.success('Status updated successfully');
    },
    onError: (error) => toast.error('Error updating status', { description: errorMessage(error, 'Please try again') }),
  });
}

export function useAdvanceBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, ...input }: UpdateDriverBookingStatusRequest & { bookingId: string }) =>
      apiCall('PUT /api/driver/bookings/:id/status', { params: { id: bookingId }, body: input }),
    onSuccess: async () => {
      toast.success('Booking status updated');
      await Promise.all([queryClient.invalidateQueries({ queryKey: driverBookingsKey }), queryClient.invalidateQueries({ queryKey: driverStatusKey })]);
    },
    onError: async (error) => {
      toast.error('Error updating booking status', { description: errorMessage(error, 'Please try again') });
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, message, idempotencyKey }: { bookingId: string; message: string; idempotencyKey: string }) =>
      apiCall('POST /api/driver/bookings/:id/notes', { params: { id: bookingId }, body: { message }, headers: { 'idempotency-key': idempotencyKey } }),
    onSuccess: () => toast.success('Message sent to the customer'),
    onError: async (error) => {
      toast.error('Message not sent', { description: errorMessage(error, 'Please try again') });
      await refetchIfGone(queryClient, error);
    },
  });
}

export function sendDriverLocation(input: DriverLocationRequest) {
  return apiCall('PUT /api/driver/location', { body: input });
}
