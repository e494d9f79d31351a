import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type { AddressRequest, ChangePasswordRequest, SettingsResponse, UpdateProfileRequest, UpdateSettingsRequest } from '@shared/schemas/account';
import type { StandingChoice } from '@shared/schemas/memberships';
import type { VehicleRequest } from '@shared/schemas/vehicles';
import { currentUserKey } from '@web/lib/session';
import { apiCall } from '@web/lib/api';

/** The account pages' calls: fetchers, query options and hooks, with one set of query keys. */
export const accountKeys = {
  all: ['account'] as const,
  bookings: (status?: string) => ['account', 'bookings', status ?? 'all'] as const,
  receipt: (id: string) => ['account', 'receipt', id] as const,
  summary: ['account', 'summary'] as const,
  addresses: ['account', 'addresses'] as const,
  cards: ['account', 'payment-methods'] as const,
  vehicles: ['account', 'vehicles'] as const,
  vehicleCatalogue: ['vehicle-catalogue'] as const,
  slots: (serviceId: string, date: string) => ['account', 'slots', serviceId, date] as const,
};
/** Settings live under their own key: the header's preferences sync reads them too. */
export const settingsKey = ['settings'] as const;

const PAGE_SIZE = 10;

export const bookingsQuery = (status?: 'completed') =>
  infiniteQueryOptions({
    queryKey: accountKeys.bookings(status),
    queryFn: ({ pageParam }) => apiCall('GET /api/bookings', { query: { page: pageParam, pageSize: PAGE_SIZE, status } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });

export function useMyBookings(status?: 'completed') {
  const query = useInfiniteQuery(bookingsQuery(status));
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return { ...query, items, total: query.data?.pages[0]?.total ?? 0 };
}

export const receiptQuery = (id: string) => queryOptions({ queryKey: accountKeys.receipt(id), queryFn: () => apiCall('GET /api/bookings/:id/receipt', { params: { id } }) });
export const summaryQuery = queryOptions({ queryKey: accountKeys.summary, queryFn: () => apiCall('GET /api/account/summary') });
export const addressesQuery = queryOptions({ queryKey: accountKeys.addresses, queryFn: () => apiCall('GET /api/addresses') });
export const cardsQuery = queryOptions({ queryKey: accountKeys.cards, queryFn: () => apiCall('GET /api/payment-methods') });
export const settingsQuery = queryOptions({ queryKey: settingsKey, queryFn: () => apiCall('GET /api/settings') });

/** Available starts for a reschedule: the same public call the booking start uses; fresh each time the dialog asks. */
export const rescheduleSlotsQuery = (serviceId: string, date: string, place: { lat: number; lng: number } | null = null) =>
  queryOptions({
    queryKey: [...accountKeys.slots(serviceId, date), place?.lat ?? null, place?.lng ?? null],
    // At the booking's own place: only starts a technician can reach (decision 055).
    queryFn: () => apiCall('GET /api/services/:id/available-slots', { params: { id: serviceId }, query: { date, ...(place ?? {}) } }),
    staleTime: 0,
  });

/** After any booking change: the history, the stats and the notifications all move. */
function useBookingsChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['account', 'bookings'] }),
      queryClient.invalidateQueries({ queryKey: accountKeys.summary }),
      queryClient.invalidateQueries({ queryKey: ['notifications'] }),
      queryClient.invalidateQueries({ queryKey: ['services'] }),
    ]);
}

export function useCancelBooking() {
  const changed = useBookingsChanged();
  return useMutation({
    // A late cancellation sends the fee the customer was shown (decision 057); the server refuses any other.
    mutationFn: ({ id, acceptFeeCents }: { id: string; acceptFeeCents?: number }) =>
      apiCall('POST /api/bookings/:id/cancel', { params: { id }, body: acceptFeeCents ? { acceptFeeCents } : {} }),
    onSuccess: changed,
  });
}

export function useRescheduleBooking() {
  const changed = useBookingsChanged();
  return useMutation({
    mutationFn: (input: { id: string; slotId: string; scheduledDate: string }) =>
      apiCall('POST /api/bookings/:id/reschedule', { params: { id: input.id }, body: { slotId: input.slotId, scheduledDate: input.scheduledDate } }),
    onSuccess: changed,
  });
}

export function useReviewBooking() {
  const changed = useBookingsChanged();
  return useMutation({
    mutationFn: (input: { id: string; rating: number; review: string }) =>
      apiCall('POST /api/bookings/:id/review', { params: { id: input.id }, body: { rating: input.rating, review: input.review || undefined } }),
    onSuccess: changed,
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileRequest) => apiCall('PUT /api/auth/me', { body: input }),
    onSuccess: async (result, input) => {
      queryClient.setQueryData(currentUserKey, result.user);
      if (input.emailNotifications !== undefined) {
        queryClient.setQueryData<SettingsResponse>(settingsKey, (old) => (old ? { ...old, emailNotifications: input.emailNotifications! } : old));
      }
    },
  });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSettingsRequest) => apiCall('PUT /api/settings', { body: input }),
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: (input: ChangePasswordRequest) => apiCall('POST /api/auth/change-password', { body: input }) });
}

export function useResendVerification() {
  return useMutation({ mutationFn: () => apiCall('POST /api/auth/resend-verification') });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => apiCall('DELETE /api/auth/me', { body: { password } }),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(currentUserKey, null);
    },
  });
}

export function useAddresses() {
  return useQuery(addressesQuery);
}

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddressRequest & { id?: string }) => {
      const { id, ...body } = input;
      return id ? apiCall('PUT /api/addresses/:id', { params: { id }, body }) : apiCall('POST /api/addresses', { body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.addresses }),
  });
}

export function useDefaultAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall('PUT /api/addresses/:id/default', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.addresses }),
  });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall('DELETE /api/addresses/:id', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.addresses }),
  });
}

export function useCards() {
  return useQuery(cardsQuery);
}

export function useDefaultCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall('PUT /api/payment-methods/:id/default', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.cards }),
  });
}

/** Add card: a setup at the provider, then (after the card form confirmed it) the server keeps the card. */
export const startCardSetup = () => apiCall('POST /api/payment-methods/setup');

export function useConfirmCardSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setupIntentId: string) => apiCall('POST /api/payment-methods/setup/confirm', { body: { setupIntentId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.cards }),
  });
}

export function useDeleteCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall('DELETE /api/payment-methods/:id', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.cards }),
  });
}

/** The customer's vehicles, a page at a time. */
export const vehiclesQuery = infiniteQueryOptions({
  queryKey: accountKeys.vehicles,
  queryFn: ({ pageParam }) => apiCall('GET /api/vehicles', { query: { page: pageParam, pageSize: PAGE_SIZE } }),
  initialPageParam: 1,
  getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
});

export function useVehicles() {
  const query = useInfiniteQuery(vehiclesQuery);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return { ...query, items, total: query.data?.pages[0]?.total ?? 0 };
}

/** Makes and models with their usual size class: fetched when a vehicle form opens, kept for the visit. */
export const vehicleCatalogueQuery = queryOptions({ queryKey: accountKeys.vehicleCatalogue, queryFn: () => apiCall('GET /api/vehicle-catalogue'), staleTime: Infinity });

export function useSaveVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VehicleRequest & { id?: string }) => {
      const { id, ...body } = input;
      return id ? apiCall('PUT /api/vehicles/:id', { params: { id }, body }) : apiCall('POST /api/vehicles', { body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.vehicles }),
  });
}

export function useDeleteVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall('DELETE /api/vehicles/:id', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.vehicles }),
  });
}

/** The customer's memberships (decision 059): listed, paused, resumed, cancelled, and a failed month paid. */
export const membershipsKey = ['user', 'memberships'] as const;
export const myMembershipsQuery = queryOptions({ queryKey: membershipsKey, queryFn: () => apiCall('GET /api/user/memberships') });
export const pauseMembership = (id: string) => apiCall('POST /api/user/memberships/:id/pause', { params: { id } });
export const resumeMembership = (id: string) => apiCall('POST /api/user/memberships/:id/resume', { params: { id } });
export const cancelMembership = (id: string) => apiCall('POST /api/user/memberships/:id/cancel', { params: { id } });
/** Without a card: the card form's intent and the saved cards; with one: that card is charged (attemptKey: one charge per attempt). */
export const payMembership = (id: string, attemptKey: string, paymentMethodId?: string) =>
  apiCall('POST /api/user/memberships/:id/pay', { params: { id }, body: { attemptKey, ...(paymentMethodId ? { paymentMethodId } : {}) } });
export const confirmMembershipPayment = (paymentIntentId: string) => apiCall('POST /api/memberships/confirm', { body: { paymentIntentId } });
/** What cancelling now keeps and gives back (decision 057), asked when the cancel dialog opens. */
export function useCancelPreview(id: string, enabled: boolean) {
  return useQuery({ queryKey: ['bookings', id, 'cancel-preview'], queryFn: () => apiCall('GET /api/bookings/:id/cancel-preview', { params: { id } }), enabled, staleTime: 0 });
}
/** The membership's standing appointment (decision 066): set or changed, and stopped. */
export const setStandingAppointment = (id: string, body: StandingChoice) => apiCall('PUT /api/user/memberships/:id/standing', { params: { id }, body });
export const stopStandingAppointment = (id: string) => apiCall('DELETE /api/user/memberships/:id/standing', { params: { id } });
