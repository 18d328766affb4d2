import { randomUUID } from 'node:crypto';
import { connect } from 'mqtt';

/** The broker the MQTT tests use (scripts/lib/mosquitto.mjs, started by `npm test`). */
export const TEST_MQTT_URL = process.env.VIGIL_TEST_MQTT_URL;

/**
 * Whether the MQTT tests skip: only when no broker was given outside CI. In CI a missing broker fails them (the
 * describe runs, and its beforeAll throws), so a lost broker cannot turn the tests green by skipping.
 */
export const skipWithoutBroker = !TEST_MQTT_URL && !process.env.CI;

export function testBrokerUrl(): string {
  if (!TEST_MQTT_URL) throw new Error('VIGIL_TEST_MQTT_URL is not set: npm test starts a mosquitto and names it there');
  return TEST_MQTT_URL;
}

/** Topic prefixes of their own, so that test files (and the SQLite and PostgreSQL passes) sharing a broker never meet. */
export function testPrefixes(): { topicPrefix: string; discoveryPrefix: string } {
  const id = randomUUID().slice(0, 8);
  return { topicPrefix: `vigil-test-${id}`, discoveryPrefix: `ha-test-${id}` };
}

export interface ReceivedMessage {
  topic: string;
  payload: string;
  retain: boolean;
  /** when it arrived (ms) */
  at: number;
}

/** A mosquitto_sub: subscribed (QoS 1) to the filters once this resolves, keeping every message in `messages`. */
export async function subscribe(url: string, filters: string[]) {
  const client = connect(url, { clientId: `vigil-test-sub-${randomUUID().slice(0, 8)}`, reconnectPeriod: 0, clean: true });
  const messages: ReceivedMessage[] = [];
  client.on('message', (topic, payload, packet) => {
    messages.push({ topic, payload: payload.toString('utf8'), retain: packet.retain, at: Date.now() });
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  await client.subscribeAsync(filters, { qos: 1 });
  return {
    messages,
    on: (topic: string) => messages.filter((m) => m.topic === topic),
    close: () => client.endAsync(true),
  };
}
