import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import { apiCall } from '@web/lib/api';

/** /admin/fulfillment: paid store orders, their bookings and fulfilment. */
export type FulfillmentTab = 'pending' | 'all' | 'fulfilled';

export const fulfillmentKeys = {
  all: ['admin', 'fulfillment'] as const,
  status: ['admin', 'fulfillment', 'status'] as const,
  orders: (tab: FulfillmentTab, page: number) => ['admin', 'fulfillment', 'orders', tab, page] as const,
};

export const PAGE_SIZE = 20;

export const fulfillmentStatusQuery = queryOptions({ queryKey: fulfillmentKeys.status, queryFn: () => apiCall('GET /api/admin/shopify/fulfillment-status') });
export const useFulfillmentStatus = () => useQuery(fulfillmentStatusQuery);

export const fulfillmentOrdersQuery = (tab: FulfillmentTab, page: number) =>
  queryOptions({
    queryKey: fulfillmentKeys.orders(tab, page),
    queryFn: () => apiCall('GET /api/admin/shopify/orders/fulfillment-ready', { query: { tab, page, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
export const useFulfillmentOrders = (tab: FulfillmentTab, page: number) => useQuery(fulfillmentOrdersQuery(tab, page));

export function useCreateBookingFromOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string; body: { serviceId?: string; scheduledDate: string; notes?: string } }) =>
      apiCall('POST /api/admin/shopify/orders/:orderId/create-booking', { params: { orderId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: fulfillmentKeys.all }),
  });
}
