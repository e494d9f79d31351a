import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import { SYNC_POLL_MS } from '@shared/constants';
import type { ProductMappingRequest } from '@shared/schemas/store-mirror';
import { apiCall } from '@web/lib/api';

/** /admin/shopify's calls. */
export const shopifyKeys = {
  all: ['admin', 'shopify'] as const,
  status: ['admin', 'shopify', 'status'] as const,
  customers: (page: number) => ['admin', 'shopify', 'customers', page] as const,
  orders: (page: number) => ['admin', 'shopify', 'orders', page] as const,
  webhooks: (page: number) => ['admin', 'shopify', 'webhooks', page] as const,
  products: (page: number) => ['admin', 'shopify', 'products', page] as const,
  registered: ['admin', 'shopify', 'registered-webhooks'] as const,
};

export const SHOPIFY_PAGE_SIZE = 20;

/** The sync status, polled every 2 s while a sync runs. */
export const syncStatusQuery = queryOptions({
  queryKey: shopifyKeys.status,
  queryFn: () => apiCall('GET /api/admin/shopify/sync/status'),
  refetchInterval: (query) => (query.state.data?.status === 'running' ? SYNC_POLL_MS : false),
});
export const useSyncStatus = () => useQuery(syncStatusQuery);

export const storeCustomersQuery = (page: number) =>
  queryOptions({ queryKey: shopifyKeys.customers(page), queryFn: () => apiCall('GET /api/admin/shopify/customers', { query: { page, pageSize: SHOPIFY_PAGE_SIZE } }), placeholderData: keepPreviousData });
export const storeOrdersQuery = (page: number) =>
  queryOptions({ queryKey: shopifyKeys.orders(page), queryFn: () => apiCall('GET /api/admin/shopify/orders', { query: { page, pageSize: SHOPIFY_PAGE_SIZE } }), placeholderData: keepPreviousData });
export const webhookEventsQuery = (page: number) =>
  queryOptions({ queryKey: shopifyKeys.webhooks(page), queryFn: () => apiCall('GET /api/admin/shopify/webhooks', { query: { page, pageSize: SHOPIFY_PAGE_SIZE } }), placeholderData: keepPreviousData });

/** The store's webhook subscriptions, as the store lists them now. */
export const registeredWebhooksQuery = queryOptions({ queryKey: shopifyKeys.registered, queryFn: () => apiCall('GET /api/admin/shopify/webhooks/registered') });
export const useRegisteredWebhooks = () => useQuery(registeredWebhooksQuery);

export const storeProductsQuery = (page: number) =>
  queryOptions({ queryKey: shopifyKeys.products(page), queryFn: () => apiCall('GET /api/admin/shopify/products', { query: { page, pageSize: SHOPIFY_PAGE_SIZE } }), placeholderData: keepPreviousData });
export const useStoreProducts = (page: number) => useQuery(storeProductsQuery(page));

/** What a product may sell: the services, and the add-ons (the first 100 — a business has a handful). */
export const mappingChoicesQuery = queryOptions({
  queryKey: ['admin', 'shopify', 'mapping-choices'] as const,
  queryFn: async () => {
    const [services, addOns] = await Promise.all([apiCall('GET /api/admin/services'), apiCall('GET /api/admin/add-ons', { query: { page: 1, pageSize: 100 } })]);
    return { services: services.map((s) => ({ id: s.id, name: s.name })), addOns: addOns.items.map((a) => ({ id: a.id, name: a.name })) };
  },
});
export const useMappingChoices = () => useQuery(mappingChoicesQuery);

/** Saves what a product sells; `null` unmaps it (its order lines are then listed as not booked). */
export function useSaveProductMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, mapping }: { productId: string; mapping: ProductMappingRequest | null }) =>
      mapping
        ? apiCall('PUT /api/admin/shopify/products/:productId/mapping', { params: { productId }, body: mapping })
        : apiCall('DELETE /api/admin/shopify/products/:productId/mapping', { params: { productId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'shopify', 'products'] }),
  });
}

export const useStoreCustomers = (page: number) => useQuery(storeCustomersQuery(page));
export const useStoreOrders = (page: number) => useQuery(storeOrdersQuery(page));
export const useWebhookEvents = (page: number) => useQuery(webhookEventsQuery(page));

function useShopifyMutation<O>(fn: () => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: shopifyKeys.all }) });
}

/** Start Sync: the answer already says "running", so the page shows it (and starts polling) at once. */
export function useStartSync() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall('POST /api/admin/shopify/sync/start'),
    onSuccess: (result) => client.setQueryData(shopifyKeys.status, result.status),
    onError: () => client.invalidateQueries({ queryKey: shopifyKeys.status }),
  });
}
export const useResetSync = () => useShopifyMutation(() => apiCall('POST /api/admin/shopify/sync/reset'));
export const useRegisterWebhooks = () => useShopifyMutation(() => apiCall('POST /api/admin/shopify/webhooks/register'));
