import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { RETENTION, RETENTION_CATEGORIES, RETENTION_DEFAULT_DAYS, type PrivacyReply, type RetentionCategory } from '@vigil/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIRCH, MAPLE, bearer, createTestContext, type TestContext } from '../../../test/harness.js';
import { retentionDays } from '../../config.js';
import { createRepositories } from '../../repositories.js';
import { standaloneRetention } from './privacy.wiring.js';

// Retention with a moved clock on the real database (SQLite, or PostgreSQL with VIGIL_TEST_DATABASE_URL): what is past
// its period goes, rows and files, what an open alert needs stays, and a second sweep finds nothing.
let ctx: TestContext;
let manager: string;
let nurse: string;
let mapleOnly: string;

const DAY = RETENTION.dayMs;
const FRONT_DOOR = 'c1a00001-0000-4000-8000-00000000a001';
const GARDEN_GATE = 'c1a00001-0000-4000-8000-00000000b001';
const MARGARET = 'f0ce0001-0000-4000-8000-00000000a001';
const WALTER = 'f0ce0001-0000-4000-8000-00000000a002';
const HAROLD = 'f0ce0001-0000-4000-8000-00000000b001';

beforeAll(async () => {
  ctx = await createTestContext({ VIGIL_RETENTION_SWEEP_MINUTES: '60' });
  manager = await ctx.signIn('manager@maple.example');
  nurse = await ctx.signIn('nurse@maple.example');
  const user = await ctx.access.ensureUser('auditor@maple.example', 'Maple administrator');
  await ctx.access.grant(user.id, MAPLE, 'facility-manager');
  mapleOnly = await ctx.signIn('auditor@maple.example');
});
afterAll(() => ctx.close());

const ago = (days: number) => ctx.clock.now() - days * DAY;
const media = (rel: string) => join(ctx.config.video.mediaDir, rel);
const file = (rel: string, mtime?: number) => {
  mkdirSync(dirname(media(rel)), { recursive: true });
  writeFileSync(media(rel), Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
  if (mtime !== undefined) utimesSync(media(rel), mtime / 1000, mtime / 1000);
  return rel;
};
const pictures = (id: string) => [`frames/poster/${id}.jpg`, `frames/face/${id}.jpg`, `frames/clahe/${id}.jpg`];
const sweeper = (maxBatch = 3) => standaloneRetention(ctx.database, ctx.config, ctx.clock, { sweep: { maxBatch } }).sweep;

/** A face detection `days` old, with its candidates, embedding, finder code and pictures; answered when `answer` is given. */
async function detection(domain: string, camera: string, days: number, person: string | null, answer?: 0 | 1): Promise<string> {
  const repos = createRepositories(ctx.database, ctx.clock);
  const id = randomUUID();
  const row = {
    runtime_face_uuid: id,
    domain_uuid: domain,
    camera_uuid: camera,
    captured_at: ago(days),
    frontend_face_uuid: person,
    analyzer_face_uuid: person,
    confidence: 0.9,
    box: null,
    is_face: null,
    match_confirmed: null,
    reviewed_by: null,
    reviewed_at: null,
    detector_id: null,
    created_at: ago(days),
    face_confidence: null,
    face_height: null,
    candidates: person ? JSON.stringify([{ frontend_face_uuid: person, confidence: 0.9 }]) : null,
    embedder: 'test-embedder',
    embedding: Buffer.from(Float32Array.from([0.1, -0.2, 0.3, 0.4, -0.5, 0.6, 0.7, -0.8]).buffer),
  };
  await ctx.transaction(async (trx) => {
    await repos.faces.insertDetections(trx, [row]);
    await repos.registry.advanceLastSeen(trx, [row]);
    if (answer !== undefined) {
      await repos.faces.logReviews(trx, [
        {
          runtime_face_uuid: id,
          domain_uuid: domain,
          kind: 'match',
          frontend_face_uuid: person,
          answer,
          reviewed_by: 'test',
          reviewed_at: ago(days),
        },
      ]);
      await repos.faces.setMatch(trx, id, { person, confirmed: answer, by: 'test', at: ago(days) });
    }
  });
  pictures(id).forEach((rel) => file(rel));
  return id;
}

async function alert(detectionId: string, camera: string, person: string, days: number, dismissedDaysAgo: number | null): Promise<string> {
  const alertId = randomUUID();
  await ctx.database.db
    .insertInto('elopement_alerts')
    .values({
      alert_id: alertId,
      domain_uuid: MAPLE,
      camera_uuid: camera,
      runtime_face_uuid: detectionId,
      frontend_face_uuid: person,
      event_ts: ago(days),
      description: 'seen at the front entrance',
      dismissed_at: dismissedDaysAgo === null ? null : ago(dismissedDaysAgo),
      dismissed_by: null,
      dismissed_via: dismissedDaysAgo === null ? null : 'me',
      dismissed_from: null,
      created_at: ago(days),
    })
    .execute();
  return alertId;
}

async function event(domain: string, camera: string, days: number, alerted: boolean): Promise<string> {
  const id = randomUUID();
  await ctx.database.db
    .insertInto('events')
    .values({
      id,
      domain_uuid: domain,
      camera_uuid: camera,
      started_at: ago(days),
      category: 'person',
      description: 'Person',
      objects: '["person"]',
      metrics: '{}',
      alerted: alerted ? 1 : 0,
      rule_id: null,
      detector_id: null,
      source_id: null,
      created_at: ago(days),
    })
    .execute();
  file(`frames/event/${id}.jpg`);
  return id;
}

async function clip(camera: string, startMs: number): Promise<string> {
  const rel = file(`clips/${camera}/${startMs}.mp4`);
  await ctx.database.db
    .insertInto('clips')
    .values({ camera_uuid: camera, start_ms: startMs, duration_ms: 60_000, size_bytes: 4, file: rel, created_at: startMs })
    .execute();
  return rel;
}

async function clientError(days: number): Promise<string> {
  const id = randomUUID();
  await ctx.database.db
    .insertInto('client_errors')
    .values({ id, at: ago(days), user_id: null, kind: 'network', message: 'x', page: '/', detail: null, user_agent: null })
    .execute();
  return id;
}

async function auditEntry(domain: string | null, days: number): Promise<string> {
  const subject = randomUUID();
  await createRepositories(ctx.database, ctx.clock).audit.append([
    {
      at: ago(days),
      user_id: null,
      user_email: 'x@maple.example',
      domain_uuid: domain,
      action: 'signed_in',
      camera_uuid: null,
      subject,
      detail: null,
      address: null,
    },
  ]);
  return subject;
}

const exists = async (
  table: 'face_detections' | 'events' | 'elopement_alerts' | 'client_errors' | 'access_events' | 'reports',
  id: string,
) => {
  const key = {
    face_detections: 'runtime_face_uuid',
    events: 'id',
    elopement_alerts: 'alert_id',
    client_errors: 'id',
    access_events: 'uuid',
    reports: 'uuid',
  }[table];
  const rows = await sql`select 1 from ${sql.table(table)} where ${sql.ref(key)} = ${id}`.execute(ctx.database.db);
  return rows.rows.length === 1;
};
const childRows = async (id: string) => {
  const db = ctx.database.db;
  const count = async (table: 'face_detection_candidates' | 'face_embeddings' | 'face_embedding_codes' | 'face_reviews') =>
    (await db.selectFrom(table).select('runtime_face_uuid').where('runtime_face_uuid', '=', id).execute()).length;
  return (
    (await count('face_detection_candidates')) +
    (await count('face_embeddings')) +
    (await count('face_embedding_codes')) +
    (await count('face_reviews'))
  );
};
const auditKept = async (subject: string) =>
  (await ctx.database.db.selectFrom('audit_log').select('seq').where('subject', '=', subject).execute()).length === 1;
const put = (token: string, payload: object) => ctx.app.inject({ method: 'PUT', url: '/api/v1/privacy', headers: bearer(token), payload });
const get = (token: string, domain: string = MAPLE) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/privacy?domain_uuid=${domain}`, headers: bearer(token) });

describe('the retention sweep', () => {
  it('deletes what is past its period, rows and files, keeps what is not and what an open alert needs, and a second sweep finds nothing', async () => {
    const d = RETENTION_DEFAULT_DAYS;
    // Birch keeps unmatched faces 30 days (its own period); Maple keeps the default.
    expect((await put(manager, { domain_uuid: BIRCH, retention: { strangers: 30 } })).statusCode).toBe(200);

    const oldStranger = await detection(MAPLE, FRONT_DOOR, d.strangers + 1, null);
    const newStranger = await detection(MAPLE, FRONT_DOOR, d.strangers - 1, null);
    const birchStranger = await detection(BIRCH, GARDEN_GATE, d.strangers + 3, null);
    const birchOldStranger = await detection(BIRCH, GARDEN_GATE, 31, null);
    const oldMatched = await detection(MAPLE, FRONT_DOOR, d.detections + 1, MARGARET);
    const newMatched = await detection(MAPLE, FRONT_DOOR, d.detections - 1, MARGARET);
    const rejected = await detection(MAPLE, FRONT_DOOR, d.detections + 10, WALTER, 0);
    const confirmed = await detection(MAPLE, FRONT_DOOR, d.detections + 20, WALTER, 1);
    const oldConfirmed = await detection(MAPLE, FRONT_DOOR, d.confirmed + 1, WALTER, 1);
    const walterLast = await detection(MAPLE, FRONT_DOOR, d.detections + 5, WALTER);
    const harold = await detection(BIRCH, GARDEN_GATE, d.detections + 1, HAROLD);

    // An open alert 100 days old keeps its detection, pictures and recording; dismissed ones go with their periods.
    const openFace = await detection(MAPLE, FRONT_DOOR, d.detections + 10, MARGARET);
    const openAlert = await alert(openFace, FRONT_DOOR, MARGARET, d.detections + 10, null);
    const closedFace = await detection(MAPLE, FRONT_DOOR, d.detections + 10, MARGARET);
    const closedAlert = await alert(closedFace, FRONT_DOOR, MARGARET, d.detections + 10, d.detections + 9);
    const oldClosedFace = await detection(MAPLE, FRONT_DOOR, d.alerts + 1, MARGARET);
    const oldClosedAlert = await alert(oldClosedFace, FRONT_DOOR, MARGARET, d.alerts + 1, d.alerts);

    const oldEvent = await event(MAPLE, FRONT_DOOR, d.events + 1, false);
    const newEvent = await event(MAPLE, FRONT_DOOR, d.events - 1, false);
    const oldAlerted = await event(MAPLE, FRONT_DOOR, d.alerts + 1, true);
    const alertedKept = await event(MAPLE, FRONT_DOOR, d.events + 1, true);

    const alertMoment = ago(d.detections + 10);
    const clipAtAlert = await clip(FRONT_DOOR, alertMoment - 30_000);
    const oldClip = await clip(FRONT_DOOR, alertMoment - 3600_000);
    const newClip = await clip(FRONT_DOOR, ago(d.clips - 1));

    const oldError = await clientError(d.client_errors + 1);
    const newError = await clientError(d.client_errors - 1);
    const oldAudit = await auditEntry(MAPLE, d.audit + 1);
    const newAudit = await auditEntry(MAPLE, d.audit - 1);
    const oldAuditNoBuilding = await auditEntry(null, d.audit + 1);
    const oldExport = file(`exports/${randomUUID()}.mp4`, ago(d.exports + 1));
    const newExport = file(`exports/${randomUUID()}.mp4`, ctx.clock.now());

    const counts = await sweeper().run();

    const gone = [oldStranger, birchOldStranger, oldMatched, oldConfirmed, walterLast, harold, closedFace, oldClosedFace];
    // A "not this person" answer is an answer too: it follows the answered faces' period.
    const kept = [newStranger, birchStranger, newMatched, rejected, confirmed, openFace];
    for (const id of gone) {
      expect(await exists('face_detections', id), `detection ${id} gone`).toBe(false);
      expect(await childRows(id), 'its candidates, embedding, code and answers gone').toBe(0);
      for (const rel of pictures(id)) expect(existsSync(media(rel)), rel).toBe(false);
    }
    for (const id of kept) {
      expect(await exists('face_detections', id), `detection ${id} kept`).toBe(true);
      for (const rel of pictures(id)) expect(existsSync(media(rel)), rel).toBe(true);
    }
    expect(await exists('elopement_alerts', openAlert)).toBe(true);
    expect(await exists('elopement_alerts', oldClosedAlert)).toBe(false);
    // Dismissed within the alerts' period: the alert stays, without the face that passed its own period.
    const closed = await ctx.database.db
      .selectFrom('elopement_alerts')
      .selectAll()
      .where('alert_id', '=', closedAlert)
      .executeTakeFirstOrThrow();
    expect(closed.runtime_face_uuid).toBeNull();

    for (const [id, present] of [
      [oldEvent, false],
      [newEvent, true],
      [oldAlerted, false],
      [alertedKept, true],
    ] as const) {
      expect(await exists('events', id), `event ${id}`).toBe(present);
      expect(existsSync(media(`frames/event/${id}.jpg`))).toBe(present);
    }
    const clips = (await ctx.database.db.selectFrom('clips').select('file').where('camera_uuid', '=', FRONT_DOOR).execute()).map(
      (c) => c.file,
    );
    expect(clips.sort()).toEqual([clipAtAlert, newClip].sort());
    expect(existsSync(media(oldClip))).toBe(false);
    expect(existsSync(media(clipAtAlert))).toBe(true);
    expect(await exists('client_errors', oldError)).toBe(false);
    expect(await exists('client_errors', newError)).toBe(true);
    expect(await auditKept(oldAudit)).toBe(false);
    expect(await auditKept(newAudit)).toBe(true);
    expect(await auditKept(oldAuditNoBuilding)).toBe(false);
    expect(existsSync(media(oldExport))).toBe(false);
    expect(existsSync(media(newExport))).toBe(true);

    // Walter's last sighting went: his last seen is the newest one left (a confirmed tag), never a deleted one.
    const walter = await ctx.database.db.selectFrom('faces').selectAll().where('uuid', '=', WALTER).executeTakeFirstOrThrow();
    expect(walter.last_seen_detection_id).toBe(confirmed);
    const haroldRow = await ctx.database.db.selectFrom('faces').selectAll().where('uuid', '=', HAROLD).executeTakeFirstOrThrow();
    expect(haroldRow.last_seen_detection_id).toBeNull();

    expect(counts).toMatchObject({
      strangers: 2,
      detections: 5,
      confirmed: 1,
      alerts: 2,
      events: 1,
      clips: 1,
      exports: 1,
      client_errors: 1,
      audit: 2,
    });
    const again = await sweeper().run();
    expect(
      Object.values(again).every((n) => n === 0),
      JSON.stringify(again),
    ).toBe(true);
  });

  it("deletes badge taps and reports past their periods, badge holders no tap names any more, and recounts the holders' taps", async () => {
    const d = RETENTION_DEFAULT_DAYS;
    const db = ctx.database.db;
    const point = randomUUID();
    await db
      .insertInto('access_points')
      .values({
        uuid: point,
        domain_uuid: MAPLE,
        external_id: `door-${point}`,
        description: 'Door',
        camera_uuid: FRONT_DOOR,
        window_before_ms: 10_000,
        window_after_ms: 10_000,
        created_at: ago(d.badge_taps + 30),
      })
      .execute();
    const identity = async (id: string, days: number) => {
      const uuid = randomUUID();
      await db
        .insertInto('badge_identities')
        .values({
          uuid,
          domain_uuid: MAPLE,
          identity_id: id,
          name: id,
          unit: '4',
          role: 'tor',
          face_uuid: null,
          last_tap_at: null,
          last_verified_at: null,
          last_verified_by: null,
          created_at: ago(days),
          updated_at: ago(days),
        })
        .execute();
      return uuid;
    };
    const tap = async (identityUuid: string, days: number, matched: number) => {
      const uuid = randomUUID();
      await db
        .insertInto('access_events')
        .values({
          uuid,
          domain_uuid: MAPLE,
          source_id: uuid,
          detector_id: null,
          access_point_uuid: point,
          identity_uuid: identityUuid,
          credential_uuid: null,
          event_at: ago(days),
          granted: 1,
          received_at: ago(days),
          evaluated_at: ago(days),
          faces: 1,
          passages: 1,
          matched,
          best_label: null,
          shared_with: null,
          door_face: null,
          tailgate: 0,
        })
        .execute();
      await db
        .updateTable('badge_identities')
        .set((eb) => ({ taps: eb('taps', '+', 1), matched: eb('matched', '+', matched) }))
        .where('uuid', '=', identityUuid)
        .execute();
      return uuid;
    };
    const report = async (days: number) => {
      const uuid = randomUUID();
      await db
        .insertInto('reports')
        .values({
          uuid,
          domain_uuid: MAPLE,
          kind: 'tailgating',
          title: 'Tailgating',
          generated_at: ago(days),
          start_at: ago(days + 1),
          end_at: ago(days),
          generated_by: null,
          row_count: 0,
          headers: '[]',
          body: '[]',
        })
        .execute();
      return uuid;
    };
    const stays = await identity('RETAIN-STAYS0001', d.badge_taps + 20);
    const goes = await identity('RETAIN-GOES00001', d.badge_taps + 20);
    const oldTap = await tap(stays, d.badge_taps + 1, 1);
    const newTap = await tap(stays, d.badge_taps - 1, 0);
    const lastOfGoes = await tap(goes, d.badge_taps + 2, 0);
    const oldReport = await report(d.reports + 1);
    const newReport = await report(d.reports - 1);

    const counts = await sweeper().run();
    expect(await exists('access_events', oldTap)).toBe(false);
    expect(await exists('access_events', lastOfGoes)).toBe(false);
    expect(await exists('access_events', newTap)).toBe(true);
    const left = await db.selectFrom('badge_identities').selectAll().where('uuid', 'in', [stays, goes]).execute();
    expect(left.map((i) => [i.uuid, i.taps, i.matched])).toEqual([[stays, 1, 0]]);
    expect(await exists('reports', oldReport)).toBe(false);
    expect(await exists('reports', newReport)).toBe(true);
    expect(counts).toMatchObject({ badge_taps: 3, reports: 1 });
    expect((await sweeper().run()).badge_taps).toBe(0);
  });

  it('runs on several servers at once without failing: together they delete everything once', async () => {
    const old = await Promise.all(
      Array.from({ length: 25 }, () => detection(MAPLE, FRONT_DOOR, RETENTION_DEFAULT_DAYS.strangers + 2, null)),
    );
    const [a, b] = await Promise.all([sweeper(4).run(), sweeper(4).run()]);
    expect(a.strangers + b.strangers).toBe(old.length);
    for (const id of old) expect(await exists('face_detections', id)).toBe(false);
  });

  it('claims a due run for one server only, and records when it ran', async () => {
    const first = standaloneRetention(ctx.database, ctx.config, ctx.clock).scheduler;
    const second = standaloneRetention(ctx.database, ctx.config, ctx.clock).scheduler;
    await detection(MAPLE, FRONT_DOOR, RETENTION_DEFAULT_DAYS.strangers + 2, null);
    const ran = await first.runNow();
    expect(ran?.strangers).toBe(1);
    // Not due again for a period (VIGIL_RETENTION_SWEEP_MINUTES=60), on any server.
    expect(await second.tick()).toBeNull();
    ctx.clock.advance(3600_000 + 1000);
    expect(await second.tick()).not.toBeNull();
    const state = await createRepositories(ctx.database, ctx.clock).retentionSweeps.state();
    expect(state.lastStartedAt).toBeGreaterThan(ctx.clock.now() - 60_000);
    expect(state.leaseUntil).toBeNull();
  });
});

describe('GET and PUT /api/v1/privacy', () => {
  it('shows each category’s period, its source, what it holds and when the sweep runs', async () => {
    const reply = await get(manager);
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json<PrivacyReply>();
    const entry = (category: RetentionCategory) => body.retention.find((r) => r.category === category)!;
    expect(body.retention.map((r) => r.category)).toEqual([...RETENTION_CATEGORIES]);
    expect(entry('strangers')).toMatchObject({ days: RETENTION_DEFAULT_DAYS.strangers, source: 'default', scope: 'building' });
    expect(entry('exports')).toMatchObject({ scope: 'installation' });
    expect(entry('strangers').held.count).toBeGreaterThan(0);
    expect(entry('clips').held).toMatchObject({ count: 2, bytes: 8 });
    expect(body.sweep.every_minutes).toBe(60);
    expect(body.sweep.last_started_at).not.toBeNull();
    expect(Date.parse(body.sweep.next_at!)).toBeGreaterThan(Date.parse(body.sweep.last_started_at!));
    const birch = (await get(manager, BIRCH)).json<PrivacyReply>();
    expect(birch.retention.find((r) => r.category === 'strangers')).toMatchObject({ days: 30, source: 'building' });
  });

  it('changes periods for account administrators of the building, audited once per change', async () => {
    const changes = async () =>
      (
        await ctx.database.db
          .selectFrom('audit_log')
          .selectAll()
          .where('action', '=', 'changed_privacy')
          .where('domain_uuid', '=', MAPLE)
          .execute()
      ).length;
    const before = await changes();
    const reply = await put(manager, { domain_uuid: MAPLE, retention: { detections: 60, audit: 1000 } });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json<PrivacyReply>().retention.find((r) => r.category === 'detections')).toMatchObject({ days: 60, source: 'building' });
    expect(await changes()).toBe(before + 1);
    const entry = await ctx.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'changed_privacy')
      .where('domain_uuid', '=', MAPLE)
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.detail!)).toEqual({ detections_days: '90 → 60', audit_days: '730 → 1000' });
    expect(entry.user_email).toBe('manager@maple.example');
    // The same again changes nothing, and is not audited again; null goes back to the default.
    expect((await put(manager, { domain_uuid: MAPLE, retention: { detections: 60 } })).statusCode).toBe(200);
    expect(await changes()).toBe(before + 1);
    const back = await put(manager, { domain_uuid: MAPLE, retention: { detections: null, audit: null } });
    expect(back.json<PrivacyReply>().retention.find((r) => r.category === 'detections')).toMatchObject({ days: 90, source: 'default' });
    expect(await changes()).toBe(before + 2);
  });

  it('refuses bad input (400), no session (401), no right or another building (403), and changes nothing', async () => {
    for (const payload of [
      { domain_uuid: MAPLE, retention: { strangers: 0 } },
      { domain_uuid: MAPLE, retention: { strangers: RETENTION.maxDays + 1 } },
      { domain_uuid: MAPLE, retention: { faces: 3 } },
      { domain_uuid: MAPLE, retention: { exports: 3 } },
      { domain_uuid: MAPLE, retention: {} },
      { domain_uuid: 'maple', retention: { strangers: 3 } },
      { retention: { strangers: 3 } },
    ]) {
      const reply = await put(manager, payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json<{ error: string }>().error).toBeTruthy();
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/privacy?domain_uuid=nope', headers: bearer(manager) })).statusCode).toBe(
      400,
    );
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/privacy?domain_uuid=${MAPLE}` })).statusCode).toBe(401);
    expect((await get(nurse)).statusCode).toBe(403);
    expect((await put(nurse, { domain_uuid: MAPLE, retention: { strangers: 3 } })).statusCode).toBe(403);
    expect((await get(mapleOnly, BIRCH)).statusCode).toBe(403);
    expect((await put(mapleOnly, { domain_uuid: BIRCH, retention: { strangers: 3 } })).statusCode).toBe(403);
    const birch = (await get(manager, BIRCH)).json<PrivacyReply>();
    expect(birch.retention.find((r) => r.category === 'strangers')).toMatchObject({ days: 30, source: 'building' });
  });
});

describe('VIGIL_RETENTION_* settings', () => {
  it('set the installation’s periods; the old VIGIL_RETENTION_DAYS still sets the recordings’', () => {
    expect(retentionDays({ VIGIL_RETENTION_STRANGERS_DAYS: '14', VIGIL_RETENTION_DAYS: '30' })).toEqual({ strangers: 14, clips: 30 });
    expect(retentionDays({ VIGIL_RETENTION_CLIPS_DAYS: '45', VIGIL_RETENTION_DAYS: '30' })).toEqual({ clips: 45 });
    expect(() => retentionDays({ VIGIL_RETENTION_AUDIT_DAYS: '0' })).toThrow(/VIGIL_RETENTION_AUDIT_DAYS/);
    expect(() => retentionDays({ VIGIL_RETENTION_EVENTS_DAYS: 'soon' })).toThrow(/whole number of days/);
  });
});
