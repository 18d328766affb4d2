import { consentInputSchema, faceInfoSchema, ingestBatchSchema } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DetectorRow } from '../../db/schema.js';
import { MAPLE } from '../../../test/harness.js';
import { EXIT } from '../../../test/demo-ids.js';
import { skipWithoutBroker, subscribe, testBrokerUrl, testPrefixes } from '../../../test/mqtt-subscriber.js';
import { createServiceContext, type ServiceContext } from '../../../test/service-context.js';
import { startWebhookReceiver } from '../../../test/webhook-receiver.js';
import { cliActor } from '../audit/audit.service.js';
import { BadgeConsent } from '../badges/badge-consent.js';
import { ConsentSettingService } from '../privacy/consent-setting.service.js';
import { PrivacyService } from '../privacy/privacy.service.js';
import { DeliveryService } from './delivery.service.js';
import { createMqtt } from './mqtt.wiring.js';
import { buildingTopics } from './mqtt-topics.js';
import { createWebhookArea, createWebhookChannel } from './webhook.wiring.js';

// Consent reaches the systems outside (issue 37): in a building that requires consent, an alert about a person
// without it (here: whose consent was withdrawn after the alert was raised, the only way such an alert exists, since
// ingest raises none for them) sends no MQTT message and no webhook, and its deliveries say dropped; nor does it turn
// the building's sensor on. A person whose consent covers alerts is told as usual (so the test can fail). The real
// channels (a mosquitto, a receiver on loopback), the real alerts' facts and consent rule, the queue as the server runs it.

const actor = cliActor('cli:test');
const prefixes = testPrefixes();
const topics = buildingTopics(prefixes, MAPLE);
const given = consentInputSchema.parse({ state: 'given', given_by: 'person', purposes: ['recognition', 'alerts'] });
const refused = consentInputSchema.parse({ state: 'refused', given_by: 'person', purposes: [] });
const info = (first: string) =>
  faceInfoSchema.parse({
    first_name: first,
    last_name: 'Consent',
    role: 'resident',
    gender: 'female',
    complexion: 'Other',
    elopement_risk: true,
    images: { add: [] },
  });

describe.skipIf(skipWithoutBroker)('no delivery about a person without consent', () => {
  let ctx: ServiceContext;
  let mqtt: ReturnType<typeof createMqtt>;
  let sub: Awaited<ReturnType<typeof subscribe>>;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let queue: DeliveryService;
  let detector: DetectorRow;
  let seen = Date.now() - 600_000;

  beforeAll(async () => {
    ctx = await createServiceContext();
    const log = { warn: () => undefined, info: () => undefined };
    const facts = (id: string, step: Parameters<ServiceContext['alerts']['facts']>[1], tier: number | null) =>
      ctx.alerts.facts(id, step, tier);
    mqtt = createMqtt(
      { url: testBrokerUrl(), username: undefined, password: undefined, ...prefixes },
      { domains: ctx.repos.domains, elopement: ctx.repos.elopement, facts, clock: ctx.clock, log },
    );
    const area = createWebhookArea({
      db: ctx.database.db,
      secret: Buffer.alloc(32, 9),
      deliveries: ctx.repos.deliveries,
      domains: ctx.repos.domains,
      audit: { record: async () => undefined },
      clock: ctx.clock,
      broker: testBrokerUrl(),
    });
    receiver = await startWebhookReceiver();
    await area.service.add(actor, MAPLE, `${receiver.url}/nurse-call`, 'Nurse call');
    queue = new DeliveryService({
      db: ctx.database.db,
      deliveries: ctx.repos.deliveries,
      channels: [mqtt.channel, createWebhookChannel(area, { domains: ctx.repos.domains, clock: ctx.clock, log })],
      facts,
      clock: ctx.clock,
      log,
    });
    sub = await subscribe(testBrokerUrl(), [`${prefixes.topicPrefix}/#`]);
    mqtt.start();
    await vi.waitFor(() => expect(sub.on(topics.state).at(-1)?.payload).toBe('OFF'), { timeout: 10_000, interval: 20 });
    detector = (await ctx.detectors.issue(MAPLE, 'consent delivery test', ['detector'], null)).detector;

    // The building requires consent.
    const privacy = new PrivacyService({ db: ctx.database.db, privacy: ctx.repos.privacy, clock: ctx.clock });
    await new ConsentSettingService({
      db: ctx.database.db,
      dialect: ctx.database.dialect,
      privacy,
      faces: ctx.faces,
      badges: new BadgeConsent({
        db: ctx.database.db,
        consentRequired: (domain, trx) => privacy.consentRequired(domain, trx),
        faces: ctx.faces,
        badges: ctx.repos.badges,
        tags: ctx.repos.badgeTags,
      }),
      audit: { record: async () => undefined },
    }).set(actor, MAPLE, true);
  });
  afterAll(async () => {
    await mqtt?.stop();
    await sub?.close();
    await receiver?.close();
    await ctx?.close();
  });

  /** A resident at risk with consent to recognition and alerts, seen at the exit: the alert ingest raises, queued as alerts queues it. */
  const raised = async (first: string) => {
    const person = await ctx.writer.create(MAPLE, info(first), { answer: given, by: 'test@maple.example', domain: MAPLE, required: true });
    seen += 1_000;
    const face = { camera_uuid: EXIT, captured_at: new Date(seen).toISOString(), frontend_face_uuid: person, confidence: 0.95 };
    const reply = await ctx.ingest.ingest(detector, ingestBatchSchema.parse({ faces: [face] }));
    expect(reply.elopement_alerts).toBe(1);
    const [alert] = await ctx.repos.elopement.list({
      domain: MAPLE,
      since: seen,
      includeDismissed: false,
      ascending: false,
      offset: 0,
      limit: 1,
    });
    expect(alert?.frontend_face_uuid).toBe(person);
    await queue.announce(ctx.database.db, MAPLE, [alert!.alert_id], 'raised', 0);
    return { person, alertId: alert!.alert_id };
  };
  const deliveriesOf = (alertId: string) =>
    ctx.database.db
      .selectFrom('alert_deliveries')
      .select(['channel', 'status', 'last_error'])
      .where('alert_id', '=', alertId)
      .where('channel', '!=', 'fanout')
      .orderBy('channel')
      .execute();

  it('sends nothing once the person’s consent is withdrawn, says dropped, and leaves the sensor off', async () => {
    const dora = await raised('Dora');
    await ctx.writer.update(dora.person, info('Dora'), { answer: refused, by: 'test@maple.example', domain: MAPLE, required: true });
    await queue.runDue();
    expect(await deliveriesOf(dora.alertId)).toEqual([
      { channel: 'mqtt', status: 'dropped', last_error: 'the alert may not be told (erased, or no consent)' },
      { channel: 'webhook', status: 'dropped', last_error: 'the alert may not be told (erased, or no consent)' },
    ]);
    expect(receiver.requests).toEqual([]);
    expect(sub.on(topics.event)).toEqual([]);
    // The sensor looks at the building's waiting alerts: hers is one, and may not be told.
    expect(await mqtt.channel.stateOf(MAPLE)).toBe('OFF');
    expect(JSON.stringify(sub.messages)).not.toContain('Dora');
  });

  it('tells of a person whose consent covers alerts, as usual', async () => {
    const ben = await raised('Ben');
    await queue.runDue();
    expect(await deliveriesOf(ben.alertId)).toEqual([
      { channel: 'mqtt', status: 'sent', last_error: null },
      { channel: 'webhook', status: 'sent', last_error: null },
    ]);
    expect(receiver.requests).toHaveLength(1);
    expect(JSON.parse(receiver.requests[0]!.body.toString())).toMatchObject({ person_name: 'Ben Consent', alert_id: ben.alertId });
    await expect.poll(() => sub.on(topics.event).length).toBe(1);
    expect(JSON.parse(sub.on(topics.event)[0]!.payload)).toMatchObject({ person_name: 'Ben Consent' });
    await expect.poll(() => sub.on(topics.state).at(-1)?.payload).toBe('ON');
    expect(JSON.stringify([...sub.messages, ...receiver.requests.map((r) => r.body.toString())])).not.toContain('Dora');
  });
});
