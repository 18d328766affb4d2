import { pinDigest, type ElopementAlert } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIRCH, MAPLE, bearer, createTestContext, detectorKey, type TestContext } from '../../../test/harness.js';
import { EDITH, EXIT, HALLWAY, MARGARET, WALTER } from '../../../test/demo-ids.js';
import { petsAtNight } from '../../../test/alert-rules.js';
import { DISMISS_PIN_FAILURES } from './alerts.service.js';

let ctx: TestContext;
let manager: string;
let nurse: string;
let staff: string;
let porter: string;
let key: string;
beforeAll(async () => {
  ctx = await createTestContext();
  // Someone who receives alerts but has no pin_dismiss_alert: dismisses as 'me'.
  await ctx.transaction((trx) =>
    ctx.access.defineRole(trx, { name: 'night-porter', description: 'test', operations: { alerting: ['receive_er_alerts'] } }),
  );
  const user = await ctx.access.ensureUser('porter@maple.example', 'Pat Porter');
  await ctx.access.grant(user.id, MAPLE, 'night-porter');
  manager = await ctx.signIn('manager@maple.example');
  nurse = await ctx.signIn('nurse@maple.example');
  staff = await ctx.signIn('staff@vigil.example');
  porter = await ctx.signIn('porter@maple.example');
  key = await createKey(MAPLE);
});
afterAll(() => ctx.close());

const createKey = (domain: string) => detectorKey(ctx, manager, domain);
const ingest = async (payload: object, token = key) => {
  const reply = await ctx.app.inject({ method: 'POST', url: '/api/ingest/v1/batch', headers: bearer(token), payload });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ alerts: number; elopement_alerts: number }>();
};
const face = (person: string, at: number, camera = EXIT, confidence = 0.95) => ({
  camera_uuid: camera,
  captured_at: new Date(at).toISOString(),
  frontend_face_uuid: person,
  confidence,
  box: { x: 0.4, y: 0.2, w: 0.1, h: 0.2 },
});
const alerts = async (token: string, query = '') => {
  const reply = await ctx.app.inject({ method: 'GET', url: `/api/v1/faces/alerts?domainUUID=${MAPLE}${query}`, headers: bearer(token) });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ alerts: ElopementAlert[] }>().alerts;
};
const dismiss = (token: string, id: string, userPIN: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/faces/alerts/${id}/dismiss`, headers: bearer(token), payload: { userPIN, token } });

describe('elopement alerts', () => {
  it('are raised for a resident at elopement risk seen at an exit, and only then', async () => {
    const now = Date.now();
    const result = await ingest({
      faces: [
        face(MARGARET, now - 60_000),
        face(MARGARET, now - 50_000), // same person, same exit, within 120 s: no second alert
        face(EDITH, now - 40_000), // not at risk
        face(WALTER, now - 30_000, HALLWAY), // not an exit
        face(WALTER, now - 20_000, EXIT, 0.6), // not sure enough
      ],
    });
    expect(result.elopement_alerts).toBe(1);
    const [alert] = await alerts(nurse);
    expect(alert).toMatchObject({
      category: 'elopement_alert',
      frontend_face_uuid: MARGARET,
      person_name: 'Margaret Hill',
      // the card's made-up name under the dummy face names flag is of the person's gender
      gender: 'female',
      camera_uuid: EXIT,
      cameraDescription: 'Front Entrance Outdoor',
      event_ts: Math.floor((now - 60_000) / 1000),
      dismissed_at: null,
      dismissed_by_end_user_info: null,
      face_match: null,
      not_a_face: false,
    });
    // no camera records in this test: no picture links (frames.test.ts and live-frames.test.ts cover pictures)
    expect(alert!.posterFrame).toBeNull();
    expect(alert!.fullFrame).toBeNull();
  });

  it('are listed 24 hours back by default, sorted as asked, dismissed ones only on request', async () => {
    const now = Date.now();
    await ingest({ faces: [face(WALTER, now - 30 * 3_600_000), face(WALTER, now - 10_000)] });
    const listed = await alerts(nurse);
    expect(listed.map((a) => a.person_name)).toEqual(['Margaret Hill', 'Walter Brooks']);
    const descending = await alerts(nurse, '&sort=descending&limit=1');
    expect(descending.map((a) => a.person_name)).toEqual(['Walter Brooks']);
    const older = await alerts(nurse, `&since=${new Date(now - 48 * 3_600_000).toISOString()}`);
    expect(older).toHaveLength(3);
  });

  it('refuses callers without alerting/receive_er_alerts, and other buildings', async () => {
    const family = await ctx.signIn('family@maple.example');
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/faces/alerts?domainUUID=${MAPLE}`, headers: bearer(family) })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/faces/alerts?domainUUID=${BIRCH}`, headers: bearer(nurse) })).statusCode,
    ).toBe(403);
    const [alert] = await alerts(nurse);
    expect((await dismiss(family, alert!.alert_id, 'me')).statusCode).toBe(403);
  });
});

describe('POST /api/v1/faces/alerts/{id}/dismiss', () => {
  it('refuses a wrong PIN (403, logged), and after 5 wrong PINs refuses even a right one for a while (429)', async () => {
    const [alert] = await alerts(staff);
    for (let i = 0; i < DISMISS_PIN_FAILURES; i += 1) {
      const reply = await dismiss(staff, alert!.alert_id, await pinDigest(MAPLE, `99${i}9`));
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toEqual({ ok: false, statusCode: 403, error: 'That PIN does not belong to anyone in this building.' });
    }
    const limited = await dismiss(staff, alert!.alert_id, await pinDigest(MAPLE, '2468'));
    expect(limited.statusCode).toBe(429);
    const attempts = await ctx.database.db.selectFrom('pin_attempts').selectAll().where('kind', '=', 'dismiss').execute();
    expect(attempts.filter((a) => a.ok === 0)).toHaveLength(DISMISS_PIN_FAILURES);
    expect((await alerts(staff)).map((a) => a.alert_id)).toContain(alert!.alert_id);
  });

  it("records a dismissal with a right PIN under the PIN's owner, once and for good", async () => {
    const [alert] = await alerts(manager);
    // The manager's session, the nurse's PIN (demo PIN 2468): the dismissal is Nora Quinn's.
    const reply = await dismiss(manager, alert!.alert_id, await pinDigest(MAPLE, '2468'));
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<{ alert: ElopementAlert }>().alert).toMatchObject({
      alert_id: alert!.alert_id,
      dismissed_by_end_user_info: { name: 'Nora Quinn', email: 'nurse@maple.example' },
    });
    const again = await dismiss(manager, alert!.alert_id, await pinDigest(MAPLE, '1357'));
    expect(again.statusCode).toBe(409);
    expect((await alerts(manager)).map((a) => a.alert_id)).not.toContain(alert!.alert_id);
    const all = await alerts(manager, '&include_dismissed=true');
    expect(all.find((a) => a.alert_id === alert!.alert_id)?.dismissed_by_end_user_info?.email).toBe('nurse@maple.example');
    const row = await ctx.database.db
      .selectFrom('elopement_alerts')
      .selectAll()
      .where('alert_id', '=', alert!.alert_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ dismissed_via: 'pin' });
  });

  it("dismisses as 'me' only for users without pin_dismiss_alert", async () => {
    const [alert] = await alerts(porter);
    const needsPin = await dismiss(nurse, alert!.alert_id, 'me');
    expect(needsPin.statusCode).toBe(400);
    expect(needsPin.json<{ error: string }>().error).toBe('Please enter your PIN to dismiss this alert.');
    const reply = await dismiss(porter, alert!.alert_id, 'me');
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<{ alert: ElopementAlert }>().alert.dismissed_by_end_user_info).toMatchObject({ name: 'Pat Porter' });
  });

  it('answers bad input with 400 or 404 and changes nothing', async () => {
    expect((await dismiss(nurse, 'not-a-uuid', 'me')).statusCode).toBe(400);
    expect((await dismiss(nurse, '0a0a0a0a-0000-4000-8000-000000000009', 'me')).statusCode).toBe(404);
    const [alert] = await alerts(nurse, '&include_dismissed=true');
    expect((await dismiss(nurse, alert!.alert_id, '1234')).statusCode).toBe(400);
  });
});

describe('face match on an alert frame', () => {
  it('takes answers from those who receive alerts, about people of the building only', async () => {
    const [alert] = await alerts(nurse, '&sort=descending&include_dismissed=true');
    const call = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: bearer(nurse), payload });
    const ids = { runtime_face_uuid: alert!.runtime_face_uuid, frontend_face_uuid: alert!.frontend_face_uuid };
    const stateAfter = async (url: string, payload: object) => {
      const reply = await call(url, payload);
      expect(reply.statusCode, reply.body).toBe(200);
      const found = (await alerts(nurse, '&include_dismissed=true')).find((a) => a.alert_id === alert!.alert_id)!;
      return [found.face_match, found.not_a_face];
    };
    // The answers' effects (last seen, each answer in turn) are the service tier's (alerts.service.test.ts).
    expect(await stateAfter('/api/v4/facematchconfirm', { ...ids, is_correct: true })).toEqual([true, false]);
    expect(await stateAfter('/api/v4/faceconfirm', { runtime_face_uuid: ids.runtime_face_uuid, is_face: false })).toEqual([true, true]);
    const family = await ctx.signIn('family@maple.example');
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v4/faceconfirm',
          headers: bearer(family),
          payload: { runtime_face_uuid: ids.runtime_face_uuid, is_face: false },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('/api/v4/facematchconfirm', { ...ids, frontend_face_uuid: 'f0ce0001-0000-4000-8000-00000000b001', is_correct: true }))
        .statusCode,
    ).toBe(404);
  });

  it('takes many detections at once (the training tool), all of one building, and refuses malformed or foreign ones', async () => {
    const [first, second] = await alerts(nurse, '&sort=descending&include_dismissed=true');
    const call = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/v4/facematchconfirm', headers: bearer(nurse), payload });
    const many = {
      runtime_face_uuids: [first!.runtime_face_uuid, second!.runtime_face_uuid],
      frontend_face_uuid: first!.frontend_face_uuid,
    };
    expect((await call({ ...many, is_correct: true })).statusCode).toBe(200);
    const answered = await ctx.database.db
      .selectFrom('face_detections')
      .select(['frontend_face_uuid', 'match_confirmed'])
      .where('runtime_face_uuid', 'in', many.runtime_face_uuids)
      .execute();
    expect(answered).toEqual([
      { frontend_face_uuid: many.frontend_face_uuid, match_confirmed: 1 },
      { frontend_face_uuid: many.frontend_face_uuid, match_confirmed: 1 },
    ]);
    const log = await ctx.database.db
      .selectFrom('face_reviews')
      .select('runtime_face_uuid')
      .where('runtime_face_uuid', 'in', many.runtime_face_uuids)
      .execute();
    expect(log.length).toBeGreaterThanOrEqual(2);
    // Both forms at once, neither, an empty list: 400; a detection of another building or unknown: 404, nothing answered.
    expect((await call({ ...many, runtime_face_uuid: first!.runtime_face_uuid, is_correct: true })).statusCode).toBe(400);
    expect((await call({ frontend_face_uuid: many.frontend_face_uuid, is_correct: true })).statusCode).toBe(400);
    expect((await call({ ...many, runtime_face_uuids: [], is_correct: true })).statusCode).toBe(400);
    const before = (
      await ctx.database.db
        .selectFrom('face_reviews')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    const unknown = 'd0d0d0d0-0000-4000-8000-00000000ffff';
    expect((await call({ ...many, runtime_face_uuids: [first!.runtime_face_uuid, unknown], is_correct: false })).statusCode).toBe(404);
    const after = (
      await ctx.database.db
        .selectFrom('face_reviews')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    expect(Number(after)).toBe(Number(before));
  });
});

describe('alert settings', () => {
  const rule = petsAtNight;
  it('are saved, listed with dawn and dusk, changed and deleted with alerting/edit only', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/events/v1/alert_settings',
      headers: bearer(manager),
      payload: { domain_uuid: BIRCH, rule: rule() },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<{ rule: { id: string } }>().rule.id;
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/api/events/v1/alert_settings?domain_uuid=${BIRCH}`,
      headers: bearer(manager),
    });
    expect(listed.json()).toMatchObject({ ok: true, timezone: 'America/Chicago', rules: [{ id, name: 'Pets at night' }] });
    expect(listed.json<{ today: { dawn: string; dusk: string } }>().today.dawn).toMatch(/^0[4-7]:\d\d$/);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: `/api/events/v1/alert_settings/${id}`,
      headers: bearer(manager),
      payload: { rule: rule({ idle_seconds: 7 }) },
    });
    expect(bad.statusCode).toBe(400);
    const nurseTry = await ctx.app.inject({
      method: 'POST',
      url: '/api/events/v1/alert_settings',
      headers: bearer(nurse),
      payload: { domain_uuid: MAPLE, rule: rule() },
    });
    expect(nurseTry.statusCode).toBe(403);
    const strangerCamera = await ctx.app.inject({
      method: 'POST',
      url: '/api/events/v1/alert_settings',
      headers: bearer(manager),
      payload: { domain_uuid: BIRCH, rule: rule({ camera_uuids: [HALLWAY] }) },
    });
    expect(strangerCamera.statusCode).toBe(400);
    await ctx.app.inject({ method: 'DELETE', url: `/api/events/v1/alert_settings/${id}`, headers: bearer(manager) });
  });

  it('naming a camera that was deleted since still save, and still name only that camera', async () => {
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/v4/cameras/upload',
      headers: bearer(manager),
      payload: [{ name: 'Shed', domainUUID: BIRCH, host: '127.0.0.1', port: 8554, path: '/shed' }],
    });
    const shed = upload.json<{ cameras: { uuid: string }[] }>().cameras[0]!.uuid;
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/events/v1/alert_settings',
      headers: bearer(manager),
      payload: { domain_uuid: BIRCH, rule: rule({ camera_uuids: [shed] }) },
    });
    const id = created.json<{ rule: { id: string } }>().rule.id;
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v4/cameras/${shed}`, headers: bearer(manager) })).statusCode).toBe(200);
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/events/v1/alert_settings/${id}`,
      headers: bearer(manager),
      payload: { rule: rule({ name: 'Shed pets', camera_uuids: [shed] }) },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ rule: { name: 'Shed pets', camera_uuids: [shed] } });
    await ctx.app.inject({ method: 'DELETE', url: `/api/events/v1/alert_settings/${id}`, headers: bearer(manager) });
  });
});
