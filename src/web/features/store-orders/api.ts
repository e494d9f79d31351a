import { queryOptions } from '@tanstack/react-query';
import { apiCall, type ApiRequest } from '@web/lib/api';

/** Scheduling a store order (public: the order number and its e-mail prove the customer). */
export const lookupOrder = (orderNumber: string, email: string) => apiCall('POST /api/shopify-orders/lookup', { body: { orderNumber, email } });

export const scheduleOrder = (orderId: string, body: ApiRequest<'POST /api/shopify-orders/:orderId/schedule-booking'>['body']) =>
  apiCall('POST /api/shopify-orders/:orderId/schedule-booking', { params: { orderId }, body });

/** Always refetched: capacity moves while the customer chooses. */
export const orderSlotsQuery = (serviceId: string, date: string) =>
  queryOptions({
    queryKey: ['store-orders', 'slots', serviceId, date],
    queryFn: () => apiCall('GET /api/services/:id/available-slots', { params: { id: serviceId }, query: { date } }),
    staleTime: 0,
    refetchOnMount: 'always',
  });

/** Where the customer follows the booking: the tracking page with the link's token. */
export function trackingHref(bookingId: string, token: string | null | undefined): string {
  const params = new URLSearchParams({ bookingId });
  if (token) params.set('token', token);
  return `/tracking?${params.toString()}`;
}
