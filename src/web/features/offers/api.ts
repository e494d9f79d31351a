import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '@web/lib/api';

/** The promotional offer (/sww-offer). */
export const offerQuery = queryOptions({ queryKey: ['offers', 'current'], queryFn: () => apiCall('GET /api/offers/current'), staleTime: 60_000 });
