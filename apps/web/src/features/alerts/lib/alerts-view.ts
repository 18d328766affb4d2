import { DEFAULT_PREFERENCES, EVENTS_MESSAGES, ALERTS_MESSAGES, hasOperation, type Domain, type ServiceMap } from '@vigil/contract';

/** What /alerts shows for a domain (spec part 1 §2, §6): its alerts source, or why it cannot. */
export type AlertsView = { kind: 'objects'; canViewClip: boolean } | { kind: 'elopement' } | { kind: 'no-access'; message: string };

export function alertsView(domain: Pick<Domain, 'preferences'> | undefined, services: ServiceMap | undefined): AlertsView {
  const source = domain?.preferences.alerts_source ?? DEFAULT_PREFERENCES.alerts_source;
  if (source === 'faces_elopement_alerts') {
    return hasOperation(services, 'alerting', 'receive_er_alerts')
      ? { kind: 'elopement' }
      : { kind: 'no-access', message: ALERTS_MESSAGES.facesNoAccess };
  }
  if (!hasOperation(services, 'alerting', 'view_historic')) return { kind: 'no-access', message: EVENTS_MESSAGES.noAccess };
  // 'View Clip' opens recorded video: video/view_historic (part 2 §6).
  return { kind: 'objects', canViewClip: hasOperation(services, 'video', 'view_historic') };
}

export const ALERTS_SUBTITLES: Record<'objects' | 'elopement', string> = {
  objects: 'Detections that raised an alert, newest first.',
  elopement: 'Residents at risk of elopement seen at an exit in the last 24 hours, newest first.',
};
