import { createServer } from 'node:net';
import { outboundAlertSchema, type ElopementAlert } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIRCH, MAPLE, bearer, createTestContext, detectorKey, type TestContext } from '../../../test/harness.js';
import { EXIT, MARGARET } from '../../../test/demo-ids.js';
import { skipWithoutBroker, subscribe, testBrokerUrl, testPrefixes } from '../../../test/mqtt-subscriber.js';
import { createMqtt } from './mqtt.wiring.js';
import { buildingTopics, statusTopic } from './mqtt-topics.js';

// Alerts to the facility's MQTT broker (issue 37), against a real mosquitto on loopback (VIGIL_TEST_MQTT_URL, started
// by `npm test`): a subscriber sees the server come online, each building's Home Assistant discovery, an alert's
// event with the right topic and payload, the retained state, and offline when the server stops.

const prefixes = testPrefixes();
const status = statusTopic(prefixes);
const maple = buildingTopics(prefixes, MAPLE);

describe.skipIf(skipWithoutBroker)('alerts over MQTT', () => {
  let ctx: TestContext | undefined;
  let sub: Awaited<ReturnType<typeof subscribe>>;
  let manager: string;
  let nurse: string;
  let key: string;
  let alertId: string;
  const app = () => ctx!;

  beforeAll(async () => {
    const url = testBrokerUrl();
    sub = await subscribe(url, [`${prefixes.topicPrefix}/#`, `${prefixes.discoveryPrefix}/#`]);
    ctx = await createTestContext({
      VIGIL_MQTT_URL: url,
      VIGIL_MQTT_TOPIC_PREFIX: prefixes.topicPrefix,
      VIGIL_MQTT_DISCOVERY_PREFIX: prefixes.discoveryPrefix,
    });
    manager = await ctx.signIn('manager@maple.example');
    nurse = await ctx.signIn('nurse@maple.example');
    key = await detectorKey(ctx, manager, MAPLE);
  });
  afterAll(async () => {
    await ctx?.close();
    await sub?.close();
  });

  it('comes online and tells Home Assistant of each building: a binary sensor and an event entity, retained, state OFF', async () => {
    await expect.poll(() => sub.on(status).at(-1)?.payload).toBe('online');
    await expect.poll(() => sub.on(maple.state).at(-1)?.payload).toBe('OFF');
    const [sensor] = sub.on(maple.binarySensorConfig);
    expect(sensor?.topic).toBe(`${prefixes.discoveryPrefix}/binary_sensor/vigil_${MAPLE}_elopement/config`);
    expect(JSON.parse(sensor!.payload)).toEqual({
      name: 'Elopement alert',
      unique_id: `vigil_${MAPLE}_elopement`,
      state_topic: `${prefixes.topicPrefix}/${MAPLE}/elopement/state`,
      payload_on: 'ON',
      payload_off: 'OFF',
      device_class: 'safety',
      availability_topic: `${prefixes.topicPrefix}/status`,
      payload_available: 'online',
      payload_not_available: 'offline',
      device: { identifiers: [`vigil_${MAPLE}`], name: 'Vigil Maple Court', manufacturer: 'Vigil', model: 'Elopement alerts' },
      origin: { name: 'Vigil' },
    });
    const [event] = sub.on(maple.eventConfig);
    expect(JSON.parse(event!.payload)).toMatchObject({
      unique_id: `vigil_${MAPLE}_elopement_event`,
      state_topic: `${prefixes.topicPrefix}/${MAPLE}/elopement/event`,
      event_types: ['raised', 'escalated', 'acknowledged', 'dismissed'],
      availability_topic: status,
    });
    expect(sub.on(buildingTopics(prefixes, BIRCH).binarySensorConfig)).toHaveLength(1);

    // Retained: a subscriber that comes later gets all of it from the broker.
    const late = await subscribe(testBrokerUrl(), [`${prefixes.discoveryPrefix}/#`, status, maple.state]);
    await expect.poll(() => late.messages.length).toBeGreaterThanOrEqual(2 * 2 + 2);
    expect(late.messages.every((m) => m.retain)).toBe(true);
    await late.close();
  });

  it('publishes an alert as it is raised: the event (name and exit, no picture, no link), then the state ON', async () => {
    const before = sub.on(maple.event).length;
    const reply = await app().app.inject({
      method: 'POST',
      url: '/api/ingest/v1/batch',
      headers: bearer(key),
      payload: {
        faces: [
          {
            camera_uuid: EXIT,
            captured_at: new Date(Date.now() - 1_000).toISOString(),
            frontend_face_uuid: MARGARET,
            confidence: 0.95,
            box: { x: 0.4, y: 0.2, w: 0.1, h: 0.2 },
          },
        ],
      },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const repliedAt = Date.now();
    expect(reply.json<{ elopement_alerts: number }>().elopement_alerts).toBe(1);
    await expect.poll(() => sub.on(maple.event).length).toBe(before + 1);
    const event = sub.on(maple.event).at(-1)!;
    if (process.env.VIGIL_TEST_FIGURES) console.log(`[figure] ingest reply -> MQTT event: ${event.at - repliedAt} ms`);
    expect(event.retain).toBe(false);
    const message = outboundAlertSchema.parse(JSON.parse(event.payload));
    expect(message).toMatchObject({
      v: 1,
      event_type: 'raised',
      domain_uuid: MAPLE,
      building: 'Maple Court',
      person_name: 'Margaret Hill',
      exit: 'Front Entrance Outdoor',
      exit_uuid: EXIT,
      tier: 0,
      state: 'raised',
    });
    expect(event.payload).not.toMatch(/https?:|data:|\/media\/|base64/);
    alertId = message.alert_id;
    const [listed] = (
      await app().app.inject({ method: 'GET', url: `/api/v1/faces/alerts?domainUUID=${MAPLE}`, headers: bearer(nurse) })
    ).json<{ alerts: ElopementAlert[] }>().alerts;
    expect(listed?.alert_id).toBe(alertId);
    // the delivery's id, the same one the log shows once the broker's PUBACK came
    const logged = async () =>
      (
        await app().app.inject({
          method: 'GET',
          url: `/api/v1/alerts/deliveries?domain_uuid=${MAPLE}&channel=mqtt`,
          headers: bearer(manager),
        })
      ).json<{ deliveries: { id: string; status: string; target_label: string }[] }>().deliveries[0];
    await expect.poll(async () => (await logged())?.status).toBe('sent');
    expect(await logged()).toMatchObject({ id: message.delivery_id, target_label: testBrokerUrl() });

    await expect.poll(() => sub.on(maple.state).at(-1)?.payload).toBe('ON');
    const late = await subscribe(testBrokerUrl(), [maple.state]);
    await expect.poll(() => late.messages[0]?.payload).toBe('ON');
    expect(late.messages[0]!.retain).toBe(true);
    await late.close();
  });

  it('turns the state OFF when someone is on it, after the acknowledged event', async () => {
    const before = sub.on(maple.event).length;
    const ack = await app().app.inject({ method: 'POST', url: `/api/v1/faces/alerts/${alertId}/acknowledge`, headers: bearer(nurse) });
    expect(ack.statusCode, ack.body).toBe(200);
    await expect.poll(() => sub.on(maple.event).length).toBe(before + 1);
    const message = outboundAlertSchema.parse(JSON.parse(sub.on(maple.event).at(-1)!.payload));
    expect(message).toMatchObject({ event_type: 'acknowledged', alert_id: alertId, state: 'acknowledged', tier: null });
    await expect.poll(() => sub.on(maple.state).at(-1)?.payload).toBe('OFF');
  });

  it('says offline (retained) when the server stops', async () => {
    await ctx!.close();
    ctx = undefined;
    const late = await subscribe(testBrokerUrl(), [status]);
    await expect.poll(() => late.messages[0]?.payload).toBe('offline');
    await late.close();
  });
});

it('answers retry, without waiting, while the broker cannot be reached', async () => {
  // A port where nothing listens: the client keeps trying in the background; the delivery is tried again later.
  const port = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
  const warnings: string[] = [];
  const mqtt = createMqtt(
    { url: `mqtt://127.0.0.1:${port}`, username: 'vigil', password: 'broker-password-never-logged', ...testPrefixes() },
    {
      domains: { allUuids: async () => [], findMany: async () => [], findOne: async () => undefined },
      elopement: { list: async () => [] },
      facts: async () => undefined,
      clock: { now: () => Date.now() },
      log: { warn: (obj, msg) => warnings.push(`${msg} ${JSON.stringify(obj)}`), info: () => undefined },
    },
  );
  mqtt.start();
  try {
    await expect.poll(() => warnings.length).toBeGreaterThan(0);
    const outcome = await mqtt.channel.send({ id: 'd', target: 'broker' } as never, { domain: MAPLE } as never);
    expect(outcome).toEqual({ result: 'retry', error: 'the MQTT broker is not connected' });
    expect(warnings.join('\n')).toContain(`mqtt://127.0.0.1:${port}`);
    expect(warnings.join('\n')).not.toContain('broker-password-never-logged');
  } finally {
    await mqtt.stop();
  }
});
