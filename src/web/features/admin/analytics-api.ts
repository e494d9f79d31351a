import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type { UpdateOfferRequest } from '@shared/schemas/offers';
import { apiCall } from '@web/lib/api';

/** The analytics dashboard's calls (kept apart from api.ts: one area per file). */
export interface AnalyticsRange {
  startDate: string;
  endDate: string;
}

const keys = {
  funnel: (r: AnalyticsRange) => ['admin', 'analytics', 'funnel', r] as const,
  events: (r: AnalyticsRange, page: number) => ['admin', 'analytics', 'events', r, page] as const,
  sessions: (r: AnalyticsRange, page: number) => ['admin', 'analytics', 'sessions', r, page] as const,
  daily: (r: AnalyticsRange) => ['admin', 'analytics', 'daily', r] as const,
  offer: ['offers', 'current'] as const,
};

/** The last `days` days, to the day (so the query key is stable while the page is open). */
export function rangeOfDays(days: number, now = new Date()): AnalyticsRange {
  const end = now.toISOString().slice(0, 10);
  const start = new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { startDate: start, endDate: end };
}

export const useFunnel = (r: AnalyticsRange) => useQuery(queryOptions({ queryKey: keys.funnel(r), queryFn: () => apiCall('GET /api/admin/analytics/funnel', { query: r }) }));
export const useDaily = (r: AnalyticsRange) => useQuery(queryOptions({ queryKey: keys.daily(r), queryFn: () => apiCall('GET /api/admin/analytics/daily', { query: r }) }));
export const useAnalyticsEvents = (r: AnalyticsRange, page: number) =>
  useQuery({ queryKey: keys.events(r, page), queryFn: () => apiCall('GET /api/admin/analytics/events', { query: { ...r, page } }), placeholderData: keepPreviousData });
export const useAnalyticsSessions = (r: AnalyticsRange, page: number) =>
  useQuery({ queryKey: keys.sessions(r, page), queryFn: () => apiCall('GET /api/admin/analytics/sessions', { query: { ...r, page } }), placeholderData: keepPreviousData });

export const useCurrentOffer = () => useQuery({ queryKey: keys.offer, queryFn: () => apiCall('GET /api/offers/current'), retry: false });
export function useSaveOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOfferRequest) => apiCall('PUT /api/admin/offers/current', { body }),
    onSuccess: (data) => client.setQueryData(keys.offer, data),
  });
}
