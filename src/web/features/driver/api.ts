import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { DRIVER_BOOKINGS_REFETCH_MS, DRIVER_STATUS_REFETCH_MS } from '@shared/constants';
import type { BookingView } from '@shared/schemas/bookings';
import type { Page } from '@shared/schemas/common';
import type { DriverLocationAck, DriverLocationRequest, DriverStatusView, UpdateDriverBookingStatusRequest, UpdateDriverStatusRequest } from '@shared/schemas/drivers';
import { api, errorMessage } from '@web/lib/api';

export const RECENT_COMPLETED = 6;
const ACTIVE_PAGE_SIZE = 50;

export const driverStatusKey = ['driver', 'status'] as const;
export const driverBookingsKey = ['driver', 'bookings'] as const;

/** GET /api/driver/status, polled every 30 s. */
export const driverStatusQuery = queryOptions({
  queryKey: driverStatusKey,
  queryFn: () => api.get<DriverStatusView>('/api/driver/status'),
  refetchInterval: DRIVER_STATUS_REFETCH_MS,
});

/** GET /api/driver/bookings (active), polled every 10 s. */
export const activeBookingsQuery = queryOptions({
  queryKey: [...driverBookingsKey, 'active'],
  queryFn: () => api.get<Page<BookingView>>(`/api/driver/bookings?scope=active&pageSize=${ACTIVE_PAGE_SIZE}`),
  refetchInterval: DRIVER_BOOKINGS_REFETCH_MS,
});

/** The first 6 completed jobs, most recent first. */
export const completedBookingsQuery = queryOptions({
  queryKey: [...driverBookingsKey, 'completed'],
  queryFn: () => api.get<Page<BookingView>>(`/api/driver/bookings?scope=completed&pageSize=${RECENT_COMPLETED}`),
  refetchInterval: DRIVER_BOOKINGS_REFETCH_MS * 3,
});

export function useSetDriverStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateDriverStatusRequest) => api.put<DriverStatusView>('/api/driver/status', input),
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
      api.put<BookingView>(`/api/driver/bookings/${encodeURIComponent(bookingId)}/status`, input),
    onSuccess: async () => {
      toast.success('Booking status updated');
      await Promise.all([queryClient.invalidateQueries({ queryKey: driverBookingsKey }), queryClient.invalidateQueries({ queryKey: driverStatusKey })]);
    },
    onError: (error) => toast.error('Error updating booking status', { description: errorMessage(error, 'Please try again') }),
  });
}

export function sendDriverLocation(input: DriverLocationRequest) {
  return api.put<DriverLocationAck>('/api/driver/location', input);
}
