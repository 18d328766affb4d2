import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EscalationReply, EscalationSettings } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';
import { escalationQueryKey } from './get-escalation';

/** PUT /api/v1/alerts/escalation {domain_uuid, settings}: the building's whole escalation, replaced. */
export async function saveEscalation(domainId: string, settings: EscalationSettings): Promise<EscalationReply> {
  return apiRequest<EscalationReply>('PUT', '/api/v1/alerts/escalation', { service: null, body: { domain_uuid: domainId, settings } });
}

/** Saves, and keeps what the server stored as the building's settings. */
export function useSaveEscalation(domainId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: EscalationSettings) => saveEscalation(domainId, settings),
    onSuccess: (reply) => queryClient.setQueryData(escalationQueryKey(domainId), reply),
  });
}
