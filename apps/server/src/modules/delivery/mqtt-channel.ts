import { ELOPEMENT } from '@vigil/contract';
import type { AlertDeliveryRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { AlertFacts, AlertFactsLookup, DeliveryChannel, DeliveryOutcome } from './delivery.port.js';
import { MqttNotConnected, describe, type MqttPublisher, type MqttPublisherLog } from './mqtt-publisher.js';
import { STATE_OFF, STATE_ON, buildingTopics, discoveryConfigs, type TopicConfig } from './mqtt-topics.js';
import { outboundAlert } from './outbound-alert.js';

/** The broker is one target: each step of an alert is one delivery to it. */
export const MQTT_TARGET = 'broker';
/** Tries of one event before it fails for good (the queue's back-off: about 9 minutes). */
const MQTT_MAX_ATTEMPTS = 8;
/** How often a building whose sensor is on, or whose state could not be published, is looked at again. */
export const STATE_REFRESH_MS = 30_000;
/** The most waiting alerts of a building looked at for one that may be told (the sensor needs only one). */
const WAITING_LOOKED_AT = 50;

export interface MqttChannelDeps {
  publisher: Pick<MqttPublisher, 'publish' | 'connected'>;
  topics: TopicConfig;
  /** every building (discovery on each connection), and one by its uuid */
  buildings(): Promise<{ uuid: string; name: string }[]>;
  building(uuid: string): Promise<{ uuid: string; name: string } | undefined>;
  /** a building's alerts seen since `since` that nobody acknowledged nor dismissed, newest first (their ids) */
  waiting(domain: string, since: number, limit: number): Promise<string[]>;
  facts: AlertFactsLookup;
  clock: Clock;
  log: MqttPublisherLog;
}

/**
 * Alerts to the facility's MQTT broker, in the shape Home Assistant expects (mqtt-topics.ts): each step is an event;
 * the building's retained state is ON while one of its alerts of the last 24 hours (what the alerts page lists) waits
 * for someone, i.e. is neither acknowledged nor dismissed, and may be told (an alert the consent rule silences, or an
 * erased person's, never turns it on). The state is worked out from the database each time, so every server
 * publishes the same; it is published after every step, on every connection, and again every 30 s for buildings whose
 * sensor is on (an alert that ages past 24 hours turns it off).
 */
export class MqttChannel implements DeliveryChannel {
  readonly name = 'mqtt' as const;
  readonly maxAttempts = MQTT_MAX_ATTEMPTS;
  /** buildings whose discovery configs went out on this connection */
  private discovered = new Set<string>();
  /** what each building's state topic last said (retained), and buildings whose state must be published again */
  private lastState = new Map<string, string>();
  private stale = new Set<string>();
  /** one state computation and publish per building at a time, in order, so an older answer never lands last */
  private stateTurns = new Map<string, Promise<void>>();
  private refresher: NodeJS.Timeout | null = null;

  constructor(private readonly d: MqttChannelDeps) {}

  targets(): Promise<{ target: string }[]> {
    return Promise.resolve([{ target: MQTT_TARGET }]);
  }

  async send(delivery: AlertDeliveryRow, facts: AlertFacts): Promise<DeliveryOutcome> {
    if (!this.d.publisher.connected) return { result: 'retry', error: new MqttNotConnected().message };
    try {
      const building = await this.d.building(facts.domain);
      if (!building) return { result: 'dropped', error: 'the building is no more' };
      await this.discover(building);
      const message = outboundAlert(facts, delivery.id, building.name);
      await this.d.publisher.publish(buildingTopics(this.d.topics, facts.domain).event, JSON.stringify(message), { retain: false });
    } catch (err) {
      return { result: 'retry', error: describe(err) };
    }
    // The event is the delivery; a state that could not be published now is published at the next refresh. Always
    // published (not only on a change this server saw): another server may have published since.
    await this.publishState(facts.domain, true).catch(() => undefined);
    return { result: 'sent' };
  }

  /** A (re)connection: every building's discovery configs and state, published afresh (retained). */
  async connected(): Promise<void> {
    this.discovered.clear();
    this.lastState.clear();
    for (const building of await this.d.buildings()) {
      await this.discover(building);
      await this.publishState(building.uuid, true).catch(() => undefined);
    }
  }

  /** Looks again at buildings whose sensor is on (or whose state failed to go out), and at buildings new since. */
  async refresh(): Promise<void> {
    if (!this.d.publisher.connected) return;
    const buildings = await this.d.buildings();
    for (const building of buildings) {
      const known = this.discovered.has(building.uuid);
      if (!known) await this.discover(building);
      if (!known || this.stale.has(building.uuid) || this.lastState.get(building.uuid) === STATE_ON)
        await this.publishState(building.uuid, !known).catch(() => undefined);
    }
  }

  startRefreshing(): void {
    if (this.refresher) return;
    this.refresher = setInterval(() => {
      void this.refresh().catch((err: unknown) => this.d.log.warn({ err: describe(err) }, 'refreshing the MQTT state failed'));
    }, STATE_REFRESH_MS);
    this.refresher.unref();
  }

  stopRefreshing(): void {
    if (this.refresher) clearInterval(this.refresher);
    this.refresher = null;
  }

  /** Whether any of the building's waiting alerts may be told: the state the sensor shows. */
  async stateOf(domain: string): Promise<typeof STATE_ON | typeof STATE_OFF> {
    const since = this.d.clock.now() - ELOPEMENT.lookbackHours * 3_600_000;
    for (const id of await this.d.waiting(domain, since, WAITING_LOOKED_AT)) {
      const facts = await this.d.facts(id, 'raised', 0);
      if (facts?.sendable && facts.state === 'raised') return STATE_ON;
    }
    return STATE_OFF;
  }

  private async discover(building: { uuid: string; name: string }): Promise<void> {
    if (this.discovered.has(building.uuid)) return;
    for (const config of discoveryConfigs(this.d.topics, building.uuid, building.name))
      await this.d.publisher.publish(config.topic, config.payload, { retain: true });
    this.discovered.add(building.uuid);
  }

  /** Works out the building's state and publishes it when it changed (or always, `force`), one building at a time. */
  private publishState(domain: string, force = false): Promise<void> {
    const previous = this.stateTurns.get(domain) ?? Promise.resolve();
    const turn = previous.then(async () => {
      try {
        const state = await this.stateOf(domain);
        if (force || this.stale.has(domain) || this.lastState.get(domain) !== state) {
          await this.d.publisher.publish(buildingTopics(this.d.topics, domain).state, state, { retain: true });
          this.lastState.set(domain, state);
        }
        this.stale.delete(domain);
      } catch (err) {
        this.stale.add(domain);
        throw err;
      }
    });
    const settled = turn.catch(() => undefined);
    this.stateTurns.set(domain, settled);
    void settled.then(() => {
      if (this.stateTurns.get(domain) === settled) this.stateTurns.delete(domain);
    });
    return turn;
  }
}
