import { ACKNOWLEDGE_MESSAGES, pinDigest, type ElopementAlert, type EscalationReply } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIRCH, MAPLE, bearer, createTestContext, detectorKey, type TestContext } from '../../../test/harness.js';
import { EXIT, HAROLD, MARGARET } from '../../../test/demo-ids.js';
import { createRepositories } from '../../repositories.js';
import { createAudit } from '../audit/audit.wiring.js';
import type { DeliveryChannel } from '../delivery/delivery.port.js';
import { DeliveryService } from '../delivery/delivery.service.js';
import { EscalationService } from './escalation.service.js';

// Acknowledge and escalate (issue 37) on a real server, both engines. The escalation job below is a second server's
// (its own service over the same database, called at chosen moments of the clock): the test server's own job runs in
// real time and the delays here are long, so it never reaches these moments first.

let ctx: TestContext;
let manager: string;
let nurse: string;
let family: string;
let managerId: string;
let nurseId: string;
let mapleKey: string;
let birchKey: string;
let escalation: EscalationService;
const notices: string[][] = [];
const DELAY_S = 600;
const BIRCH_EXIT = 'c1a00001-0000-4000-8000-00000000b001';

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.signIn('manager@maple.example');
  nurse = await ctx.signIn('nurse@maple.example');
  family = await ctx.signIn('family@maple.example');
  managerId = (await ctx.access.findUserByEmail('manager@maple.example'))!.id;
  nurseId = (await ctx.access.findUserByEmail('nurse@maple.example'))!.id;
  mapleKey = await detectorKey(ctx, manager, MAPLE);
  birchKey = await detectorKey(ctx, manager, BIRCH);
  const repos = createRepositories(ctx.database, ctx.clock);
  // A channel with no targets: the step's fan-out row is queued (what the test looks at) and expands to nothing.
  const quiet: DeliveryChannel = { name: 'webhook', maxAttempts: 1, targets: async () => [], send: async () => ({ result: 'sent' }) };
  const delivery = new DeliveryService({
    db: ctx.database.db,
    deliveries: repos.deliveries,
    channels: [quiet],
    facts: async () => undefined,
    clock: ctx.clock,
    log: { warn: () => undefined },
  });
  escalation = new EscalationService({
    db: ctx.database.db,
    escalation: repos.escalation,
    elopement: repos.elopement,
    access: repos.access,
    delivery,
    audit: createAudit({ audit: repos.audit, cameras: repos.cameras, clock: ctx.clock }),
    notifier: { objectAlerts: () => undefined, elopementAlerts: (_domain, ids) => void notices.push(ids) },
    clock: ctx.clock,
  });
  await putSettings(manager, MAPLE, {
    delay_seconds: DELAY_S,
    tiers: [
      { name: 'Everyone on duty', role_ids: [], user_ids: [] },
      { name: 'Managers', role_ids: ['facility-manager'], user_ids: [] },
      { name: 'Nora', role_ids: [], user_ids: [nurseId] },
    ],
  }).then((r) => expect(r.statusCode, r.body).toBe(200));
});
afterAll(() => ctx.close());

const putSettings = (token: string, domain: string, settings: unknown) =>
  ctx.app.inject({ method: 'PUT', url: '/api/v1/alerts/escalation', headers: bearer(token), payload: { domain_uuid: domain, settings } });
const getSettings = (token: string, domain: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/alerts/escalation?domain_uuid=${domain}`, headers: bearer(token) });
const acknowledge = (token: string, id: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/faces/alerts/${id}/acknowledge`, headers: bearer(token) });

let raised = 0;
/** Raises one elopement alert (a resident at risk at the exit, each a few minutes apart); its row. */
async function raise(domain: string = MAPLE) {
  const at = Date.now() - 3_600_000 + raised++ * 300_000;
  const [key, person, camera] = domain === MAPLE ? [mapleKey, MARGARET, EXIT] : [birchKey, HAROLD, BIRCH_EXIT];
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/ingest/v1/batch',
    headers: bearer(key),
    payload: {
      faces: [
        {
          camera_uuid: camera,
          captured_at: new Date(at).toISOString(),
          frontend_face_uuid: person,
          confidence: 0.95,
          box: { x: 0.4, y: 0.2, w: 0.1, h: 0.2 },
        },
      ],
    },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return ctx.database.db.selectFrom('elopement_alerts').selectAll().where('event_ts', '=', at).executeTakeFirstOrThrow();
}
const row = (id: string) => ctx.database.db.selectFrom('elopement_alerts').selectAll().where('alert_id', '=', id).executeTakeFirstOrThrow();
const steps = (id: string) =>
  ctx.database.db.selectFrom('elopement_alert_steps').selectAll().where('alert_id', '=', id).orderBy('at').orderBy('step').execute();
const audits = (id: string, action: string) =>
  ctx.database.db.selectFrom('audit_log').selectAll().where('subject', '=', id).where('action', '=', action).execute();
const fanouts = (id: string) =>
  ctx.database.db
    .selectFrom('alert_deliveries')
    .select(['step', 'tier'])
    .where('alert_id', '=', id)
    .where('channel', '=', 'fanout')
    .orderBy('created_at')
    .execute();
async function listed(id: string): Promise<ElopementAlert> {
  const reply = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/faces/alerts?domainUUID=${MAPLE}&include_dismissed=true&limit=100`,
    headers: bearer(nurse),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ alerts: ElopementAlert[] }>().alerts.find((a) => a.alert_id === id)!;
}

describe('escalation', () => {
  it('moves an unacknowledged alert to the next tier at its delay, step by step, until the last tier was told', async () => {
    const alert = await raise();
    expect(alert.escalation_tier).toBe(0);
    expect(alert.next_escalation_at).toBe(alert.created_at + DELAY_S * 1000);
    const due = alert.next_escalation_at!;

    expect(await escalation.escalateDue(due - 1)).toBe(0);
    expect((await row(alert.alert_id)).escalation_tier).toBe(0);
    expect(await escalation.escalateDue(due)).toBe(1);
    expect(await row(alert.alert_id)).toMatchObject({ escalation_tier: 1, next_escalation_at: due + DELAY_S * 1000 });
    // Done once: a second server's turn at the same moment finds nothing.
    expect(await escalation.escalateDue(due)).toBe(0);
    expect(notices).toContainEqual([alert.alert_id]);

    const card = await listed(alert.alert_id);
    expect(card).toMatchObject({ state: 'raised', escalation_tier: 1, acknowledged_at: null });
    expect(card.steps.map((s) => [s.step, s.tier, s.tier_name])).toEqual([
      ['raised', 0, 'Everyone on duty'],
      ['escalated', 1, 'Managers'],
    ]);
    expect(card.steps[1]!.at).toBe(new Date(due).toISOString());
    // Every step is in the audit trail, the raise too (by the system, naming the person by id only).
    const [raisedEntry] = await audits(alert.alert_id, 'raised_alert');
    expect(raisedEntry).toMatchObject({ user_id: null, user_email: null, domain_uuid: MAPLE, camera_uuid: EXIT });
    expect(JSON.parse(raisedEntry!.detail!)).toMatchObject({ tier: 0, person: alert.frontend_face_uuid });
    const [entry] = await audits(alert.alert_id, 'escalated_alert');
    expect(entry).toMatchObject({ user_id: null, user_email: null, domain_uuid: MAPLE, camera_uuid: EXIT });
    expect(JSON.parse(entry!.detail!)).toMatchObject({ tier: 1, tier_name: 'Managers', late_ms: 0 });
    // Each step queued for the channels: the raise by the server that stored it, the escalation by the one that claimed it.
    expect(await fanouts(alert.alert_id)).toEqual([
      { step: 'raised', tier: 0 },
      { step: 'escalated', tier: 1 },
    ]);

    // The last tier, then nothing more.
    expect(await escalation.escalateDue(due + DELAY_S * 1000 + 250)).toBe(1);
    expect(await row(alert.alert_id)).toMatchObject({ escalation_tier: 2, next_escalation_at: null });
    expect(await escalation.escalateDue(due + 100 * DELAY_S * 1000)).toBe(0);
    expect((await steps(alert.alert_id)).map((s) => [s.step, s.tier])).toEqual([
      ['raised', 0],
      ['escalated', 1],
      ['escalated', 2],
    ]);
    expect(await audits(alert.alert_id, 'escalated_alert')).toHaveLength(2);
    expect(await fanouts(alert.alert_id)).toEqual([
      { step: 'raised', tier: 0 },
      { step: 'escalated', tier: 1 },
      { step: 'escalated', tier: 2 },
    ]);
  });

  it('stops when the alert is acknowledged', async () => {
    const alert = await raise();
    const reply = await acknowledge(nurse, alert.alert_id);
    expect(reply.statusCode, reply.body).toBe(200);
    const acknowledged = reply.json<{ ok: true; alert: ElopementAlert }>().alert;
    expect(acknowledged).toMatchObject({
      state: 'acknowledged',
      acknowledged_by_end_user_info: { uuid: nurseId, name: 'Nora Quinn', email: 'nurse@maple.example' },
      acknowledged_device: null,
      escalation_tier: 0,
    });
    expect(acknowledged.steps.map((s) => [s.step, s.by?.name ?? null])).toEqual([
      ['raised', null],
      ['acknowledged', 'Nora Quinn'],
    ]);
    expect(await row(alert.alert_id)).toMatchObject({ next_escalation_at: null, acknowledged_by: nurseId, acknowledged_via: 'app' });
    expect(await escalation.escalateDue(alert.created_at + 10 * DELAY_S * 1000)).toBe(0);
    expect((await steps(alert.alert_id)).map((s) => s.step)).toEqual(['raised', 'acknowledged']);
    const [entry] = await audits(alert.alert_id, 'acknowledged_alert');
    expect(entry).toMatchObject({ user_id: nurseId, user_email: 'nurse@maple.example', domain_uuid: MAPLE });
    expect(JSON.parse(entry!.detail!)).toMatchObject({ via: 'app' });
    expect(await fanouts(alert.alert_id)).toEqual([
      { step: 'raised', tier: 0 },
      { step: 'acknowledged', tier: null },
    ]);
    // Once: a second acknowledgement is refused and changes nothing.
    const again = await acknowledge(manager, alert.alert_id);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toBe(ACKNOWLEDGE_MESSAGES.alreadyAcknowledged);
    expect((await row(alert.alert_id)).acknowledged_by).toBe(nurseId);
  });

  it('records one of two acknowledgements at once', async () => {
    const alert = await raise();
    const replies = await Promise.all([acknowledge(nurse, alert.alert_id), acknowledge(manager, alert.alert_id)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = replies.find((r) => r.statusCode === 200)!.json<{ alert: ElopementAlert }>().alert;
    expect([nurseId, managerId]).toContain(winner.acknowledged_by_end_user_info!.uuid);
    expect((await steps(alert.alert_id)).filter((s) => s.step === 'acknowledged')).toHaveLength(1);
    expect(await audits(alert.alert_id, 'acknowledged_alert')).toHaveLength(1);
    expect((await fanouts(alert.alert_id)).filter((f) => f.step === 'acknowledged')).toHaveLength(1);
    expect((await row(alert.alert_id)).acknowledged_by).toBe(winner.acknowledged_by_end_user_info!.uuid);
  });

  it('stops when the alert is dismissed, which records its step', async () => {
    const alert = await raise();
    const reply = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/faces/alerts/${alert.alert_id}/dismiss`,
      headers: bearer(manager),
      // the facility manager holds pin_dismiss_alert: the nurse's demo PIN, so the dismissal is hers
      payload: { userPIN: await pinDigest(MAPLE, '2468') },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const dismissed = reply.json<{ alert: ElopementAlert }>().alert;
    expect(dismissed.state).toBe('dismissed');
    expect(dismissed.steps.map((s) => [s.step, s.by?.name ?? null])).toEqual([
      ['raised', null],
      ['dismissed', 'Nora Quinn'],
    ]);
    expect((await row(alert.alert_id)).next_escalation_at).toBeNull();
    expect(await escalation.escalateDue(alert.created_at + 10 * DELAY_S * 1000)).toBe(0);
    expect(await fanouts(alert.alert_id)).toEqual([
      { step: 'raised', tier: 0 },
      { step: 'dismissed', tier: null },
    ]);
    const [entry] = await audits(alert.alert_id, 'dismissed_alert');
    expect(entry).toMatchObject({ user_id: managerId });
    const late = await acknowledge(nurse, alert.alert_id);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ error: string }>().error).toBe(ACKNOWLEDGE_MESSAGES.dismissed);
    expect(await audits(alert.alert_id, 'acknowledged_alert')).toHaveLength(0);
  });

  it('re-tells a single tier once, then stops', async () => {
    expect((await putSettings(manager, BIRCH, { delay_seconds: DELAY_S, tiers: [{ name: 'Night shift' }] })).statusCode).toBe(200);
    const alert = await raise(BIRCH);
    const due = alert.next_escalation_at!;
    expect(due).toBe(alert.created_at + DELAY_S * 1000);
    expect(await escalation.escalateDue(due)).toBe(1);
    expect(await row(alert.alert_id)).toMatchObject({ escalation_tier: 0, next_escalation_at: null });
    expect(await escalation.escalateDue(due + 10 * DELAY_S * 1000)).toBe(0);
    expect((await steps(alert.alert_id)).map((s) => [s.step, s.tier])).toEqual([
      ['raised', 0],
      ['escalated', 0],
    ]);
  });

  it('acknowledges only alerts of a building where the user receives alerts', async () => {
    const alert = await raise(BIRCH);
    // The nurse has nothing in Birch: no such alert for her. The relative has no alerting/receive_er_alerts: 403.
    expect((await acknowledge(nurse, alert.alert_id)).statusCode).toBe(404);
    expect((await acknowledge(family, (await raise()).alert_id)).statusCode).toBe(403);
    expect((await acknowledge(nurse, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await acknowledge(nurse, 'not-a-uuid')).statusCode).toBe(400);
    expect((await row(alert.alert_id)).acknowledged_at).toBeNull();
  });
});

describe('escalation settings', () => {
  it('are read with alerting, with the roles and users a tier may name', async () => {
    const reply = await getSettings(nurse, MAPLE);
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json<EscalationReply>();
    expect(body.settings.delay_seconds).toBe(DELAY_S);
    expect(body.settings.tiers.map((t) => t.name)).toEqual(['Everyone on duty', 'Managers', 'Nora']);
    expect(body.roles.map((r) => r.id).sort()).toEqual(['caregiver', 'facility-manager', 'staff-admin']);
    // Those who receive alerts in Maple; the relative does not, nor the newcomer.
    expect(body.users.map((u) => u.email).sort()).toEqual(['manager@maple.example', 'nurse@maple.example', 'staff@vigil.example']);
    // A building without settings of its own has the default.
    await ctx.database.db.deleteFrom('alert_escalation').where('domain_uuid', '=', BIRCH).execute();
    expect((await getSettings(manager, BIRCH)).json<EscalationReply>().settings).toEqual({
      delay_seconds: 30,
      tiers: [{ name: 'Everyone on duty', role_ids: [], user_ids: [] }],
    });
  });

  it('are refused without the rights, in another building, or naming what cannot be told', async () => {
    const good = { delay_seconds: 45, tiers: [{ name: 'All' }, { name: 'Managers', role_ids: ['facility-manager'] }] };
    expect((await getSettings(family, MAPLE)).statusCode).toBe(403);
    expect((await getSettings(nurse, BIRCH)).statusCode).toBe(403);
    expect((await putSettings(nurse, MAPLE, good)).statusCode).toBe(403);
    expect((await putSettings(nurse, BIRCH, good)).statusCode).toBe(403);
    const bad = [
      { ...good, delay_seconds: 5 },
      { ...good, delay_seconds: 30.5 },
      { ...good, tiers: [] },
      { ...good, tiers: [{ name: '  ' }] },
      { ...good, tiers: Array.from({ length: 6 }, (_, i) => ({ name: `T${i}` })) },
      // a role that receives no alerts, one that does not exist, a user of another building, someone without the right
      { ...good, tiers: [{ name: 'Family', role_ids: ['relative'] }] },
      { ...good, tiers: [{ name: 'Ghosts', role_ids: ['no-such-role'] }] },
      { ...good, tiers: [{ name: 'Stranger', user_ids: ['00000000-0000-4000-8000-000000000001'] }] },
      { ...good, tiers: [{ name: 'Frank', user_ids: [(await ctx.access.findUserByEmail('family@maple.example'))!.id] }] },
      { ...good, tiers: [{ name: 'Nora in Birch', user_ids: [nurseId] }] },
    ];
    for (const [i, settings] of bad.entries()) {
      const domain = i === bad.length - 1 ? BIRCH : MAPLE;
      const reply = await putSettings(manager, domain, settings);
      expect(reply.statusCode, `${i}: ${reply.body}`).toBe(400);
      expect(reply.json<{ error: string }>().error).toBeTruthy();
    }
    expect((await getSettings(manager, MAPLE)).json<EscalationReply>().settings.delay_seconds).toBe(DELAY_S);
    expect(await ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'changed_escalation').execute()).toHaveLength(2);
    // Saved and audited when good.
    const saved = await putSettings(manager, BIRCH, good);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<EscalationReply>().settings).toEqual({
      delay_seconds: 45,
      tiers: [
        { name: 'All', role_ids: [], user_ids: [] },
        { name: 'Managers', role_ids: ['facility-manager'], user_ids: [] },
      ],
    });
    const [entry] = await ctx.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'changed_escalation')
      .where('domain_uuid', '=', BIRCH)
      .orderBy('seq', 'desc')
      .execute();
    expect(entry).toMatchObject({ user_id: managerId });
    expect(JSON.parse(entry!.detail!)).toEqual({ delay_seconds: 45, tiers: 'All → Managers' });
  });
});

describe('recipients', () => {
  it('are each tier’s roles and users, or everyone with the right, and only ever holders of alerting/receive_er_alerts', async () => {
    const db = ctx.database.db;
    const staffId = (await ctx.access.findUserByEmail('staff@vigil.example'))!.id;
    const everyone = new Set([managerId, nurseId, staffId]);
    expect(await escalation.recipients(db, MAPLE, [0])).toEqual(everyone);
    expect(await escalation.recipients(db, MAPLE, [1])).toEqual(new Set([managerId]));
    expect(await escalation.recipients(db, MAPLE, [2])).toEqual(new Set([nurseId]));
    expect(await escalation.recipients(db, MAPLE, [1, 2])).toEqual(new Set([managerId, nurseId]));
    expect(await escalation.recipients(db, MAPLE, [7])).toEqual(new Set());
    // Nora loses her role in Maple: a tier that names her tells nobody, and "everyone" no longer includes her.
    await ctx.transaction((trx) => ctx.access.revoke(trx, nurseId, MAPLE, 'caregiver'));
    try {
      expect(await escalation.recipients(db, MAPLE, [2])).toEqual(new Set());
      expect(await escalation.recipients(db, MAPLE, [0])).toEqual(new Set([managerId, staffId]));
    } finally {
      await ctx.access.grant(nurseId, MAPLE, 'caregiver');
    }
    // Birch's tier of facility managers: the manager there, not Maple's nurse.
    expect(await escalation.recipients(db, BIRCH, [1])).toEqual(new Set([managerId]));
  });
});
