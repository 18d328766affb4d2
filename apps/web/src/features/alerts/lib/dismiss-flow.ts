import {
  hasOperation,
  pinDigest,
  validatePin,
  type DismissAlertBody,
  type ElopementAlert,
  type FacesAlertsReply,
  type ServiceMap,
} from '@vigil/contract';

/** Spec part 1 §4/§6: holders of alerting/pin_dismiss_alert confirm with their PIN; everyone else dismisses as 'me'. */
export type DismissMode = 'pin' | 'me';

export function dismissMode(services: ServiceMap | undefined): DismissMode {
  return hasOperation(services, 'alerting', 'pin_dismiss_alert') ? 'pin' : 'me';
}

/** What is wrong with a typed PIN before it is sent (digits only, at least 4), or null. */
export function pinProblem(pin: string): string | null {
  return validatePin(pin, pin);
}

/** The dismiss body: the keyed PIN digest, never the PIN, or 'me'. */
export async function dismissBody(mode: DismissMode, domainUuid: string, pin: string): Promise<DismissAlertBody> {
  return { userPIN: mode === 'pin' ? await pinDigest(domainUuid, pin) : 'me' };
}

/** The cached list without a dismissed alert, so it leaves the list before the refetch confirms it. */
export function withoutAlert(reply: FacesAlertsReply | undefined, alertId: string): FacesAlertsReply | undefined {
  return reply && { ...reply, alerts: reply.alerts.filter((alert) => alert.alert_id !== alertId) };
}

/** The cached list with one alert changed (a face-match answer), until the refetch brings the server's copy. */
export function patchAlert(
  reply: FacesAlertsReply | undefined,
  alertId: string,
  patch: Partial<Pick<ElopementAlert, 'face_match' | 'not_a_face'>>,
): FacesAlertsReply | undefined {
  return reply && { ...reply, alerts: reply.alerts.map((alert) => (alert.alert_id === alertId ? { ...alert, ...patch } : alert)) };
}

/** Active alerts, newest first: the one that just happened is the one to act on. */
export function activeAlertsNewestFirst(alerts: readonly ElopementAlert[]): ElopementAlert[] {
  return alerts.filter((alert) => alert.dismissed_at === null).sort((a, b) => b.event_ts - a.event_ts);
}
