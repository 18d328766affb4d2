import type { Clock } from '../../lib/clock.js';
import type { App } from '../../lib/routes.js';
import type { AlertFactsLookup, DeliveryChannel } from './delivery.port.js';
import { MqttChannel } from './mqtt-channel.js';
import type { MqttConfig } from '../../mqtt-config.js';
import { MqttPublisher, type MqttPublisherLog } from './mqtt-publisher.js';

/** The buildings, as the domains' records give them (the composition root passes its repository). */
export interface BuildingDirectory {
  allUuids(): Promise<string[]>;
  findMany(uuids: readonly string[]): Promise<{ uuid: string; description: string }[]>;
  findOne(uuid: string): Promise<{ uuid: string; description: string } | undefined>;
}

/** A building's alerts not dismissed since a moment, newest first (the alerts' own records, read only). */
export interface OpenAlertsSource {
  list(q: {
    domain: string;
    since: number;
    includeDismissed: false;
    ascending: false;
    offset: number;
    limit: number;
  }): Promise<{ alert_id: string; acknowledged_at: number | null }[]>;
}

export interface MqttDeps {
  domains: BuildingDirectory;
  /** which alerts still wait for someone */
  elopement: OpenAlertsSource;
  facts: AlertFactsLookup;
  clock: Clock;
  log: MqttPublisherLog;
}

/** The client and the channel that publishes through it (not started: start() connects, stop() says offline and ends). */
export function createMqtt(
  config: MqttConfig,
  d: MqttDeps,
): { publisher: MqttPublisher; channel: MqttChannel; start(): void; stop(): Promise<void> } {
  const building = (row: { uuid: string; description: string }) => ({ uuid: row.uuid, name: row.description });
  const publisher = new MqttPublisher(config, { log: d.log, onConnect: () => channel.connected() });
  const channel: MqttChannel = new MqttChannel({
    publisher,
    topics: config,
    buildings: async () => (await d.domains.findMany(await d.domains.allUuids())).map(building),
    building: async (uuid) => {
      const row = await d.domains.findOne(uuid);
      return row && building(row);
    },
    waiting: async (domain, since, limit) => {
      const open = await d.elopement.list({ domain, since, includeDismissed: false, ascending: false, offset: 0, limit: limit * 4 });
      return open
        .filter((a) => a.acknowledged_at === null)
        .slice(0, limit)
        .map((a) => a.alert_id);
    },
    facts: d.facts,
    clock: d.clock,
    log: d.log,
  });
  return {
    publisher,
    channel,
    start() {
      publisher.start();
      channel.startRefreshing();
    },
    async stop() {
      channel.stopRefreshing();
      await publisher.stop();
    },
  };
}

/**
 * MQTT (VIGIL_MQTT_URL): the server's one client to the facility's broker, connected while the server runs, and the
 * delivery channel that publishes alerts' steps through it. No channel at all without a broker configured.
 */
export function wireMqtt(app: App, d: Omit<MqttDeps, 'log'> & { config: MqttConfig | null }): DeliveryChannel[] {
  if (!d.config) return [];
  const mqtt = createMqtt(d.config, { ...d, log: app.log });
  app.addHook('onReady', async () => mqtt.start());
  app.addHook('onClose', () => mqtt.stop());
  return [mqtt.channel];
}
