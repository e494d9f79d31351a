import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

export interface PublicConfig {
  businessName: string;
  businessCity: string;
  businessPhone: string;
  businessEmail: string;
  businessAddress: string;
  adminEmail: string;
  payments: { provider: 'stripe' | 'test'; publishableKey: string | null };
  maps: 'google' | 'osm';
  isProduction: boolean;
}

export const configQuery = queryOptions({ queryKey: ['config'], queryFn: () => api.get<PublicConfig>('/api/config') });

/** Business name, city, phone… from the server's configuration (never hard-coded in the bundle). */
export function usePublicConfig() {
  return useQuery(configQuery).data;
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
