import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { alertSettingsQueryKey } from './get-alert-settings';

/** DELETE /api/events/v1/alert_settings/{id} */
export async function deleteAlertRule(id: string): Promise<void> {
  await apiRequest<{ ok: true }>('DELETE', `/api/events/v1/alert_settings/${encodeURIComponent(id)}`, { service: null });
}

export function useDeleteAlertRule(domainId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAlertRule,
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertSettingsQueryKey(domainId) }),
  });
}
