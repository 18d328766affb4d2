import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DismissAlertBody, ElopementAlert, FacesAlertsReply } from '@vigil/contract';
import { ELOPEMENT_ALERTS_QUERY_ROOT } from '../../../lib/api/get-elopement-alerts';
import { HttpError, apiRequest } from '../../../lib/http';
import { withoutAlert } from '../lib/dismiss-flow';

type DismissReply = { ok: true; alert: ElopementAlert } | { ok: false; statusCode?: number; error?: string };

/** POST /api/v1/faces/alerts/{id}/dismiss with the PIN digest or 'me'; a refusal throws with the server's text. */
export async function dismissAlert({ alertId, body }: { alertId: string; body: DismissAlertBody }): Promise<ElopementAlert> {
  const reply = await apiRequest<DismissReply>('POST', `/api/v1/faces/alerts/${encodeURIComponent(alertId)}/dismiss`, {
    service: null,
    body,
  });
  if (!reply.ok) throw new HttpError(reply.error ?? 'The alert was not dismissed.', reply.statusCode ?? 200, reply);
  return reply.alert;
}

/** Dismissing takes the alert out of every cached list at once, then rechecks with the server. */
export function useDismissAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissAlert,
    onSuccess: (_alert, { alertId }) => {
      queryClient.setQueriesData<FacesAlertsReply>({ queryKey: ELOPEMENT_ALERTS_QUERY_ROOT }, (reply) => withoutAlert(reply, alertId));
      return queryClient.invalidateQueries({ queryKey: ELOPEMENT_ALERTS_QUERY_ROOT });
    },
  });
}
