import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ElopementAlert, FacesAlertsReply } from '@vigil/contract';
import { ELOPEMENT_ALERTS_QUERY_ROOT } from '../../../lib/api/get-elopement-alerts';
import { apiRequest } from '../../../lib/http';

/** POST /api/v1/faces/alerts/{id}/acknowledge: "I'm on it"; a refusal (409: someone already is, or it was dismissed) throws with the server's text. */
export async function acknowledgeAlert(alertId: string): Promise<ElopementAlert> {
  const reply = await apiRequest<{ ok: true; alert: ElopementAlert }>(
    'POST',
    `/api/v1/faces/alerts/${encodeURIComponent(alertId)}/acknowledge`,
    { service: null, body: {} },
  );
  return reply.alert;
}

/** The acknowledged alert replaces its old self in every cached list at once; the lists are then checked with the server either way. */
export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeAlert,
    onSuccess: (alert) => {
      queryClient.setQueriesData<FacesAlertsReply>({ queryKey: ELOPEMENT_ALERTS_QUERY_ROOT }, (reply) =>
        reply ? { ...reply, alerts: reply.alerts.map((a) => (a.alert_id === alert.alert_id ? alert : a)) } : reply,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ELOPEMENT_ALERTS_QUERY_ROOT }),
  });
}
