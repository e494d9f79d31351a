import { infiniteQueryOptions, queryOptions, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type { NotificationsPage } from '@shared/schemas/account';
import { apiCall } from '@web/lib/api';

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: ['notifications', 'list'] as const,
};

const UNREAD_POLL_MS = 60_000;

/** The bell's count: one small page, polled every minute while a customer is signed in. */
export const unreadQuery = queryOptions({
  queryKey: notificationKeys.unread,
  queryFn: () => apiCall('GET /api/notifications', { query: { pageSize: 1 } }),
  refetchInterval: UNREAD_POLL_MS,
  staleTime: 0,
});

export const notificationsQuery = infiniteQueryOptions({
  queryKey: notificationKeys.list,
  queryFn: ({ pageParam }) => apiCall('GET /api/notifications', { query: { page: pageParam, pageSize: 10 } }),
  initialPageParam: 1,
  getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  staleTime: 0,
});

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall('POST /api/notifications/read'),
    onSuccess: () => queryClient.setQueryData<NotificationsPage>(notificationKeys.unread, (old) => (old ? { ...old, unreadCount: 0 } : old)),
  });
}

/** The same key as the settings page's query, so a change there applies here at once. */
export const settingsQuery = queryOptions({ queryKey: ['settings'] as const, queryFn: () => apiCall('GET /api/settings') });
