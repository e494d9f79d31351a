import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type { PromoCodeRequest } from '@shared/schemas/promos';
import { apiCall, type ApiRequest } from '@web/lib/api';

/** A plan as the form sends it: counts may be typed text, the server's schema reads them (and says what is wrong). */
export type PlanBody = ApiRequest<'POST /api/admin/membership-plans'>['body'];

/** The back office's memberships (members, MRR, plans; decision 059) and promo codes (decision 058). */
export const marketingKeys = {
  members: (page: number) => ['admin', 'members', page] as const,
  plans: ['admin', 'membership-plans'] as const,
  promoCodes: (page: number) => ['admin', 'promo-codes', page] as const,
  allPromoCodes: ['admin', 'promo-codes'] as const,
};

export const PAGE_SIZE = 20;

export const membersQuery = (page: number) =>
  queryOptions({ queryKey: marketingKeys.members(page), queryFn: () => apiCall('GET /api/admin/members', { query: { page, pageSize: PAGE_SIZE } }), placeholderData: keepPreviousData });
export const useMembers = (page: number) => useQuery(membersQuery(page));

export const plansQuery = queryOptions({ queryKey: marketingKeys.plans, queryFn: () => apiCall('GET /api/admin/membership-plans') });
export const usePlans = () => useQuery(plansQuery);

/** Creates a plan or changes one (a new price applies to new members only). */
export function useSavePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: PlanBody }) =>
      id ? apiCall('PUT /api/admin/membership-plans/:id', { params: { id }, body }) : apiCall('POST /api/admin/membership-plans', { body }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: marketingKeys.plans }), client.invalidateQueries({ queryKey: ['admin', 'members'] })]),
  });
}

export const promoCodesQuery = (page: number) =>
  queryOptions({ queryKey: marketingKeys.promoCodes(page), queryFn: () => apiCall('GET /api/admin/promo-codes', { query: { page, pageSize: PAGE_SIZE } }), placeholderData: keepPreviousData });
export const usePromoCodes = (page: number) => useQuery(promoCodesQuery(page));

/** Creates a code or changes one (switching it off is a change of `active`). */
export function useSavePromoCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: PromoCodeRequest }) =>
      id ? apiCall('PATCH /api/admin/promo-codes/:id', { params: { id }, body }) : apiCall('POST /api/admin/promo-codes', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: marketingKeys.allPromoCodes }),
  });
}

/** Switches a code off (or on again): only `active` changes. */
export function useSwitchPromoCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => apiCall('PATCH /api/admin/promo-codes/:id', { params: { id }, body: { active } }),
    onSuccess: () => client.invalidateQueries({ queryKey: marketingKeys.allPromoCodes }),
  });
}
