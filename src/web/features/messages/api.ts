import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '@web/lib/api';

/** The pages a customer's messages link to, opened by their signed token (no account needed, decision 050). */
export const managedBookingQuery = (token: string) =>
  queryOptions({ queryKey: ['manage', token], queryFn: () => apiCall('GET /api/manage/:token', { params: { token } }) });

export const managedSlotsQuery = (token: string, date: string) =>
  queryOptions({ queryKey: ['manage', token, 'slots', date], queryFn: () => apiCall('GET /api/manage/:token/slots', { params: { token }, query: { date } }), staleTime: 0 });

export const rescheduleManagedBooking = (token: string, slotId: string) => apiCall('POST /api/manage/:token/reschedule', { params: { token }, body: { slotId } });

/** A late cancellation sends the fee the customer was shown (decision 057); the server refuses any other. */
export const cancelManagedBooking = (token: string, acceptFeeCents?: number) =>
  apiCall('POST /api/manage/:token/cancel', { params: { token }, body: acceptFeeCents ? { acceptFeeCents } : {} });

export const cancelPreviewQuery = (token: string) =>
  queryOptions({ queryKey: ['manage', token, 'cancel-preview'], queryFn: () => apiCall('GET /api/manage/:token/cancel-preview', { params: { token } }), staleTime: 0 });

export const ratableQuery = (token: string) => queryOptions({ queryKey: ['rate', token], queryFn: () => apiCall('GET /api/rate/:token', { params: { token } }) });

export const rateBooking = (token: string, rating: number) => apiCall('POST /api/rate/:token', { params: { token }, body: { rating } });

/** The rain offer a weather link opens (issue 26): keep the time, or move to one of three starts in one tap. */
export const weatherOfferQuery = (token: string) =>
  queryOptions({ queryKey: ['weather-offer', token], queryFn: () => apiCall('GET /api/weather-offers/:token', { params: { token } }), staleTime: 0 });

export const keepWeatherOffer = (token: string) => apiCall('POST /api/weather-offers/:token/keep', { params: { token } });

export const moveWeatherOffer = (token: string, slotId: string) => apiCall('POST /api/weather-offers/:token/move', { params: { token }, body: { slotId } });
