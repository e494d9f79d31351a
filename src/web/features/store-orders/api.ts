import { queryOptions } from '@tanstack/react-query';
import { apiCall, type ApiRequest } from '@web/lib/api';

/** Scheduling a store order (public: the order number and its e-mail prove the customer). */
export const lookupOrder = (orderNumber: string, email: string) => apiCall('POST /api/shopify-orders/lookup', { body: { orderNumber, email } });

export const scheduleOrder = (orderId: string, body: ApiRequest<'POST /api/shopify-orders/:orderId/schedule-booking'>['body']) =>
  apiCall('POST /api/shopify-orders/:orderId/schedule-booking', { params: { orderId }, body });

/**
 * The order's open starts: the server times the whole order's job (docs/decisions/044); `serviceId` only for an
 * order that maps no service. Always refetched: capacity moves while the customer chooses.
 */
export const orderSlotsQuery = (orderId: string, email: string, serviceId: string | null, date: string) =>
  queryOptions({
    queryKey: ['store-orders', orderId, 'slots', serviceId ?? '', date],
    queryFn: () => apiCall('POST /api/shopify-orders/:orderId/available-slots', { params: { orderId }, body: { email, serviceId, date } }),
    staleTime: 0,
    refetchOnMount: 'always',
  });

/** The calendar's open days for the order's whole job (DateChoice's `openDays`). */
export const orderDaysOf = (orderId: string, email: string, serviceId: string | null) => ({
  key: ['store-orders', orderId, 'days', serviceId ?? ''] as const,
  fetch: (from: string, to: string) => apiCall('POST /api/shopify-orders/:orderId/available-days', { params: { orderId }, body: { email, serviceId, from, to } }),
});

/** Where the customer follows the booking: the tracking page with the link's token. */
export function trackingHref(bookingId: string, token: string | null | undefined): string {
  const params = new URLSearchParams({ bookingId });
  if (token) params.set('token', token);
  return `/tracking?${params.toString()}`;
}
