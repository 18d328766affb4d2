/**
 * The live socket (socket.io at /socket.io, long-polling first, `?token=` session token). The socket only
 * notifies; clients refetch through the API, so permissions are checked in one place.
 */
export const SOCKET_PATH = '/socket.io';

export interface ObjectAlertMessage {
  domain_uuid: string;
  /** ids of the events that became alerts */
  ids: string[];
}
export interface ElopementRiskMessage {
  domain_uuid: string;
  alert_ids: string[];
}
export interface HelloMessage {
  /** the domains whose messages this socket receives */
  domains: string[];
}

/** Server to client: 'alert' reloads events, 'elopement_risk' rechecks elopement alerts (§4). */
export interface ServerToClientEvents {
  hello: (message: HelloMessage) => void;
  alert: (message: ObjectAlertMessage) => void;
  elopement_risk: (message: ElopementRiskMessage) => void;
}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ClientToServerEvents {}

/** Rooms: object alerts go to holders of alerting/view_historic, elopement alerts to holders of alerting/receive_er_alerts. */
export const eventsRoom = (domainUuid: string): string => `events:${domainUuid}`;
export const elopementRoom = (domainUuid: string): string => `elopement:${domainUuid}`;
