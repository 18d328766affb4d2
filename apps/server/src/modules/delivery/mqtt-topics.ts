import { ALERT_STEPS } from '@vigil/contract';
import type { MqttConfig } from '../../mqtt-config.js';

/**
 * MQTT topics and Home Assistant discovery, per building (pure; the channel publishes them):
 *   <prefix>/status                               online | offline (retained; offline is the client's will)
 *   <prefix>/<domain uuid>/elopement/event        one JSON message per step of an alert (QoS 1, not retained)
 *   <prefix>/<domain uuid>/elopement/state        ON | OFF (retained): ON while an alert of the last 24 hours waits for someone
 *   <discovery>/binary_sensor/vigil_<domain uuid>_elopement/config   the building's sensor (retained)
 *   <discovery>/event/vigil_<domain uuid>_elopement/config           the building's event entity (retained)
 */
export interface BuildingTopics {
  event: string;
  state: string;
  binarySensorConfig: string;
  eventConfig: string;
}

export type TopicConfig = Pick<MqttConfig, 'topicPrefix' | 'discoveryPrefix'>;

export const STATE_ON = 'ON';
export const STATE_OFF = 'OFF';
export const ONLINE = 'online';
export const OFFLINE = 'offline';

export const statusTopic = (config: TopicConfig): string => `${config.topicPrefix}/status`;

export function buildingTopics(config: TopicConfig, domain: string): BuildingTopics {
  const base = `${config.topicPrefix}/${domain}/elopement`;
  const objectId = `vigil_${domain}_elopement`;
  return {
    event: `${base}/event`,
    state: `${base}/state`,
    binarySensorConfig: `${config.discoveryPrefix}/binary_sensor/${objectId}/config`,
    eventConfig: `${config.discoveryPrefix}/event/${objectId}/config`,
  };
}

/** The building's device in Home Assistant: both entities hang under it ("Vigil Maple Grove"). */
function device(domain: string, building: string) {
  return { identifiers: [`vigil_${domain}`], name: `Vigil ${building}`, manufacturer: 'Vigil', model: 'Elopement alerts' };
}

/**
 * Home Assistant's MQTT discovery for a building: a binary sensor (device class safety: on means unsafe) that is on
 * while an alert waits for someone, and an event entity that fires on each step with the message's fields as its
 * attributes. Both are unavailable while Vigil is not connected (its will says offline).
 */
export function discoveryConfigs(config: TopicConfig, domain: string, building: string): { topic: string; payload: string }[] {
  const topics = buildingTopics(config, domain);
  const common = {
    availability_topic: statusTopic(config),
    payload_available: ONLINE,
    payload_not_available: OFFLINE,
    device: device(domain, building),
    origin: { name: 'Vigil' },
  };
  const sensor = {
    name: 'Elopement alert',
    unique_id: `vigil_${domain}_elopement`,
    state_topic: topics.state,
    payload_on: STATE_ON,
    payload_off: STATE_OFF,
    device_class: 'safety',
    ...common,
  };
  const event = {
    name: 'Elopement alert step',
    unique_id: `vigil_${domain}_elopement_event`,
    state_topic: topics.event,
    event_types: [...ALERT_STEPS],
    ...common,
  };
  return [
    { topic: topics.binarySensorConfig, payload: JSON.stringify(sensor) },
    { topic: topics.eventConfig, payload: JSON.stringify(event) },
  ];
}
