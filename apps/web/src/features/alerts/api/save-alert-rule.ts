import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlertRule, AlertRuleFields } from '@vigil/contract';
import { apiRequest } from '../../../lib/http';
import { alertSettingsQueryKey } from './get-alert-settings';

interface AlertRuleReply {
  ok: true;
  rule: AlertRule;
}

/** POST /api/events/v1/alert_settings {domain_uuid, rule}: a new rule. */
export async function createAlertRule(domainId: string, rule: AlertRuleFields): Promise<AlertRule> {
  const reply = await apiRequest<AlertRuleReply>('POST', '/api/events/v1/alert_settings', {
    service: null,
    body: { domain_uuid: domainId, rule },
  });
  return reply.rule;
}

/** PUT /api/events/v1/alert_settings/{id} {rule}: the whole rule, replaced. */
export async function updateAlertRule(id: string, rule: AlertRuleFields): Promise<AlertRule> {
  const reply = await apiRequest<AlertRuleReply>('PUT', `/api/events/v1/alert_settings/${encodeURIComponent(id)}`, {
    service: null,
    body: { rule },
  });
  return reply.rule;
}

/** Creates a rule, or replaces the one with `id`; the building's settings reload after either. */
export function useSaveAlertRule(domainId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rule }: { id: string | null; rule: AlertRuleFields }) =>
      id ? updateAlertRule(id, rule) : createAlertRule(domainId, rule),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertSettingsQueryKey(domainId) }),
  });
}
