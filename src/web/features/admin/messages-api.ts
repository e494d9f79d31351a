import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type { BusinessSettings } from '@shared/schemas/business-settings';
import { apiCall } from '@web/lib/api';

/** The back office's customer-messages settings: the `reminders` section of the business settings (decision 051). */
export const messageSettingsKeys = { settings: ['admin', 'business-settings'] as const };

export const businessSettingsQuery = queryOptions({ queryKey: messageSettingsKeys.settings, queryFn: () => apiCall('GET /api/admin/business-settings'), staleTime: 0 });
export const useBusinessSettings = () => useQuery(businessSettingsQuery);

export function useSaveReminderSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessSettings['reminders']) => apiCall('PUT /api/admin/business-settings/:section', { params: { section: 'reminders' }, body }),
    onSuccess: (settings) => client.setQueryData(messageSettingsKeys.settings, settings),
  });
}

/** Saves the `travel` section: the free drive and the fee bands of the service area (decision 054). */
export function useSaveTravelSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessSettings['travel']) => apiCall('PUT /api/admin/business-settings/:section', { params: { section: 'travel' }, body }),
    onSuccess: (settings) => client.setQueryData(messageSettingsKeys.settings, settings),
  });
}

/** The "Policies" card: the `cancellation` section (decision 057); the public policy text follows it. */
export function useSaveCancellationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessSettings['cancellation']) => apiCall('PUT /api/admin/business-settings/:section', { params: { section: 'cancellation' }, body }),
    onSuccess: (settings) => {
      client.setQueryData(messageSettingsKeys.settings, settings);
      void client.invalidateQueries({ queryKey: ['policy'] });
    },
  });
}
