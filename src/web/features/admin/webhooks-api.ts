import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type { WebhookEventType } from '@shared/webhook-events';
import { apiCall } from '@web/lib/api';

/** The back office's outbound webhooks (decision 052). */
export const webhookKeys = {
  all: ['admin', 'webhooks'] as const,
  endpoints: ['admin', 'webhooks', 'endpoints'] as const,
  attempts: (id: string, page: number) => ['admin', 'webhooks', 'attempts', id, page] as const,
};

export const webhookEndpointsQuery = queryOptions({ queryKey: webhookKeys.endpoints, queryFn: () => apiCall('GET /api/admin/webhooks', { query: { pageSize: 100 } }), staleTime: 0 });
export const useWebhookEndpoints = () => useQuery(webhookEndpointsQuery);

export const webhookAttemptsQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: webhookKeys.attempts(id, page),
    queryFn: () => apiCall('GET /api/admin/webhooks/:id/attempts', { params: { id }, query: { page, pageSize: 10 } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: 15_000,
  });
export const useWebhookAttempts = (id: string, page: number) => useQuery(webhookAttemptsQuery(id, page));

function useWebhooksMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all }) });
}

export const useAddWebhookEndpoint = () => useWebhooksMutation((body: { url: string; events: WebhookEventType[] }) => apiCall('POST /api/admin/webhooks', { body }));
export const useSetWebhookEnabled = () => useWebhooksMutation(({ id, enabled }: { id: string; enabled: boolean }) => apiCall('PATCH /api/admin/webhooks/:id', { params: { id }, body: { enabled } }));
export const useDeleteWebhookEndpoint = () => useWebhooksMutation((id: string) => apiCall('DELETE /api/admin/webhooks/:id', { params: { id } }));
export const useSendTestWebhook = () => useWebhooksMutation((id: string) => apiCall('POST /api/admin/webhooks/:id/test', { params: { id } }));
