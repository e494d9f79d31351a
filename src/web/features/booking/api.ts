import { queryOptions, useQuery } from '@tanstack/react-query';
import { SLOTS_STALE_MS } from '@shared/constants';
import type { SlotCandidate } from '@shared/slots';
import type {
  AddressSuggestion,
  ConfirmPaymentResponse,
  CreateBookingRequest,
  CreateBookingResponse,
  CreatePaymentIntentResponse,
} from '@shared/schemas/checkout';
import type { ServiceView } from '@shared/schemas/services';
import { api } from '@web/lib/api';

/** The booking flow's calls: fetchers, query options and hooks (one place for their query keys). */
export const bookingKeys = {
  services: ['services'] as const,
  service: (id: string) => ['services', id] as const,
  slots: (serviceId: string, date: string) => ['services', serviceId, 'slots', date] as const,
  suggest: (q: string) => ['geo', 'suggest', q] as const,
};

export const servicesQuery = queryOptions({ queryKey: bookingKeys.services, queryFn: () => api.get<ServiceView[]>('/api/services') });

export const serviceQuery = (id: string) => queryOptions({ queryKey: bookingKeys.service(id), queryFn: () => api.get<ServiceView>(`/api/services/${id}`) });

/** Slots are cached 5 minutes and not refetched on focus, mount or reconnect (customer-app.md §7). */
export const slotsQuery = (serviceId: string, date: string) =>
  queryOptions({
    queryKey: bookingKeys.slots(serviceId, date),
    queryFn: () => api.get<SlotCandidate[]>(`/api/services/${serviceId}/available-slots?date=${date}`),
    staleTime: SLOTS_STALE_MS,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });

export function useServices() {
  return useQuery(servicesQuery);
}

export function useService(id: string | undefined) {
  return useQuery({ ...serviceQuery(id ?? ''), enabled: Boolean(id) });
}

export const suggestAddresses = (q: string) => api.get<AddressSuggestion[]>(`/api/geo/suggest?q=${encodeURIComponent(q)}`);
export const reverseGeocode = (lat: number, lng: number) => api.get<AddressSuggestion>(`/api/geo/reverse?lat=${lat}&lng=${lng}`);

export const createBooking = (input: CreateBookingRequest, idempotencyKey: string) =>
  api.post<CreateBookingResponse>('/api/bookings', input, { 'Idempotency-Key': idempotencyKey });

export const createPaymentIntent = (input: { bookingId: string; saveCard?: boolean; paymentMethodId?: string }, trackingToken?: string) =>
  api.post<CreatePaymentIntentResponse>('/api/create-payment-intent', input, trackingToken ? { 'X-Tracking-Token': trackingToken } : undefined);

export const confirmPayment = (paymentIntentId: string, bookingId: string) => api.post<ConfirmPaymentResponse>('/api/confirm-payment', { paymentIntentId, bookingId });

export const confirmTestCard = (input: { paymentIntentId: string; clientSecret: string; number: string; expMonth: number; expYear: number; cvc: string; saveCard: boolean }) =>
  api.post<{ status: 'succeeded'; paymentIntentId: string; bookingId: string }>('/api/payments/test/confirm-card', input);
