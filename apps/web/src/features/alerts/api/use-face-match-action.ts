import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FacesAlertsReply } from '@vigil/contract';
import { ELOPEMENT_ALERTS_QUERY_ROOT } from '../../../lib/api/get-elopement-alerts';
import { patchAlert } from '../lib/dismiss-flow';
import { afterAction, type FaceMatchAction } from '../lib/face-match';
import { confirmFace } from './confirm-face';
import { confirmFaceMatch } from './confirm-face-match';

/** Runs a face-match button's call, shows its outcome on the alert at once, then rechecks with the server. */
export function useFaceMatchAction(alertId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: FaceMatchAction) =>
      action.call === 'facematchconfirm' ? confirmFaceMatch(action.body) : confirmFace(action.body),
    onSuccess: (_reply, action) => {
      queryClient.setQueriesData<FacesAlertsReply>({ queryKey: ELOPEMENT_ALERTS_QUERY_ROOT }, (reply) =>
        patchAlert(reply, alertId, afterAction(action)),
      );
      return queryClient.invalidateQueries({ queryKey: ELOPEMENT_ALERTS_QUERY_ROOT });
    },
  });
}
