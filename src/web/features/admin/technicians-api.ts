import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type { TechnicianExceptionRequest, TechnicianUpdate } from '@shared/schemas/technicians';
import { apiCall } from '@web/lib/api';

/** Technicians' hours, days off, services and start places (decision 051). */
export const technicianKeys = {
  all: ['admin', 'technicians'] as const,
  list: ['admin', 'technicians', 'list'] as const,
  exceptions: (userId: string) => ['admin', 'technicians', 'exceptions', userId] as const,
};

export const techniciansQuery = queryOptions({ queryKey: technicianKeys.list, queryFn: () => apiCall('GET /api/admin/technicians', { query: { pageSize: 100 } }), staleTime: 0 });
export const useTechnicians = () => useQuery(techniciansQuery);

export const technicianExceptionsQuery = (userId: string) =>
  queryOptions({ queryKey: technicianKeys.exceptions(userId), queryFn: () => apiCall('GET /api/admin/technicians/:userId/exceptions', { params: { userId }, query: { pageSize: 50 } }), staleTime: 0 });
export const useTechnicianExceptions = (userId: string) => useQuery(technicianExceptionsQuery(userId));

function useTechniciansMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: technicianKeys.all }) });
}

export const useUpdateTechnician = () =>
  useTechniciansMutation(({ userId, ...body }: TechnicianUpdate & { userId: string }) => apiCall('PUT /api/admin/technicians/:userId', { params: { userId }, body }));
export const useAddTechnicianException = () =>
  useTechniciansMutation(({ userId, ...body }: TechnicianExceptionRequest & { userId: string }) => apiCall('POST /api/admin/technicians/:userId/exceptions', { params: { userId }, body }));
export const useRemoveTechnicianException = () =>
  useTechniciansMutation(({ userId, date }: { userId: string; date: string }) => apiCall('DELETE /api/admin/technicians/:userId/exceptions/:date', { params: { userId, date } }));

/** Places for a technician's start or end, from the same address search as the booking start. */
export const searchPlaces = (q: string) => apiCall('GET /api/geo/suggest', { query: { q } });
