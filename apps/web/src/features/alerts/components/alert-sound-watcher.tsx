import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { hasOperation } from '@vigil/contract';
import { AlarmLedger } from '../../../lib/alarm-ledger';
import { playAlarm, useAlertSoundState } from '../../../lib/alert-sound';
import { elopementAlertsQueryOptions } from '../../../lib/api/get-elopement-alerts';
import { useViewer } from '../../../lib/viewer';

/** Keeps the building's alert list live (socket invalidation, 30 s refresh, pushes) and rings for each new alert step. */
function RingOnNewAlerts({ domainId }: { domainId: string }) {
  const query = useQuery(elopementAlertsQueryOptions(domainId));
  const [ledger] = useState(() => new AlarmLedger());
  useEffect(() => {
    if (query.data && ledger.observe(query.data.alerts)) playAlarm();
  }, [query.data, ledger]);
  return null;
}

/**
 * The alert sound on every page of the app: with the sound on and alerting/receive_er_alerts in the selected building,
 * a new elopement alert or an escalation plays the alarm once (lib/alarm-ledger.ts).
 */
export function AlertSoundWatcher() {
  const sound = useAlertSoundState();
  const viewer = useViewer();
  if (sound === 'off' || viewer.status !== 'ready' || !viewer.domainId) return null;
  if (!hasOperation(viewer.services, 'alerting', 'receive_er_alerts')) return null;
  return <RingOnNewAlerts key={viewer.domainId} domainId={viewer.domainId} />;
}
