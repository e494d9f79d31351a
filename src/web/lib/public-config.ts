import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, type ApiResponse } from '@web/lib/api';

export type PublicConfig = ApiResponse<'GET /api/config'>;

export const configQuery = queryOptions({ queryKey: ['config'], queryFn: () => apiCall('GET /api/config') });

/** Business name, city, phone… from the server's configuration (never hard-coded in the bundle). */
export function usePublicConfig() {
  return useQuery(configQuery).data;
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
