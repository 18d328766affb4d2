import { AUDIT_CSV_COLUMNS, type AuditEntry, type AuditReply, type ElopementAlert } from '@vigil/contract';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIRCH, MAPLE, bearer, createTestContext, detectorKey, type TestContext } from '../../../test/harness.js';
import { EXIT, MARGARET } from '../../../test/demo-ids.js';
import { MediaSigner } from '../../media/signing.js';

let ctx: TestContext;
let manager: string;
let nurse: string;
let staff: string;
let birchOnly: string;
let porter: string;
beforeAll(async () => {
  ctx = await createTestContext();
  // Someone who receives alerts but has no pin_dismiss_alert: dismisses as 'me'.
  await ctx.transaction((trx) =>
    ctx.access.defineRole(trx, { name: 'night-porter', description: 'test', operations: { alerting: ['receive_er_alerts'] } }),
  );
  await ctx.access.grant((await ctx.access.ensureUser('porter@maple.example', 'Pat Porter')).id, MAPLE, 'night-porter');
  porter = await ctx.signIn('porter@maple.example');
  // An administrator of Birch only: Maple's entries are never theirs to see.
  const user = await ctx.access.ensureUser('admin@birch.example', 'Bea Birch');
  await ctx.access.grant(user.id, BIRCH, 'facility-manager');
  manager = await ctx.signIn('manager@maple.example');
  nurse = await ctx.signIn('nurse@maple.example');
  staff = await ctx.signIn('staff@vigil.example');
  birchOnly = await ctx.signIn('admin@birch.example');
});
afterAll(() => ctx.close());

const get = (token: string, query: string, path = '/api/v1/audit') =>
  ctx.app.inject({ method: 'GET', url: `${path}?${query}`, headers: bearer(token), remoteAddress: '10.1.2.3' });
const entries = async (query: string, token = manager): Promise<AuditEntry[]> => {
  const reply = await get(token, query);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<AuditReply>().entries;
};
/** The raw rows, whatever the building (what a listing may leave out is checked against these). */
const rows = (action: string) => ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('seq').execute();

describe('the audit trail', () => {
  it('records a sign-in once, with the account and address, and shows it to the administrators of its buildings', async () => {
    const before = (await rows('signed_in')).length;
    await ctx.signIn('family@maple.example');
    const after = await rows('signed_in');
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({ user_email: 'family@maple.example', domain_uuid: null });
    const shown = await entries(`domain_uuid=${MAPLE}&action=signed_in&actor=family@maple.example`);
    expect(shown).toHaveLength(1);
    // Frank holds no role at Birch: Birch's administrator does not see his sign-ins.
    expect(await entries(`domain_uuid=${BIRCH}&action=signed_in&actor=family@maple.example`, birchOnly)).toHaveLength(0);
  });

  it('records a live viewing when it ends (camera, from, to), once, on sign-out or when the lease runs out', async () => {
    const viewer = await ctx.signIn('nurse@maple.example');
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/hlsvideo/',
      headers: bearer(viewer),
      payload: { camera_uuid: EXIT, duration: 60, token: viewer },
      remoteAddress: '10.9.8.7',
    });
    expect(start.statusCode, start.body).toBe(200);
    const startedAt = ctx.clock.now();
    ctx.clock.advance(20_000);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v4/logout', headers: bearer(viewer) })).statusCode).toBe(200);
    const watched = (await entries(`domain_uuid=${MAPLE}&action=watched_live&actor=nurse@maple.example`)).at(0);
    expect(watched).toMatchObject({ camera_uuid: EXIT, camera_name: 'Front Entrance Outdoor', address: '10.9.8.7' });
    // From the start to the sign-out, 20 s later (the test clock runs on real time too: a few ms either side).
    const from = Date.parse(String(watched!.detail.from));
    const to = Date.parse(String(watched!.detail.to));
    expect(Math.abs(from - startedAt)).toBeLessThan(1_000);
    expect(to - from).toBeGreaterThanOrEqual(20_000);
    expect(to - from).toBeLessThan(21_000);
    // Nothing is left to end: a second pass writes nothing more.
    const count = (await rows('watched_live')).length;
    ctx.clock.advance(120_000);
    await ctx.app.inject({ method: 'POST', url: '/api/v4/logout', headers: bearer(manager) }).then(async () => {
      manager = await ctx.signIn('manager@maple.example');
    });
    expect(await rows('watched_live')).toHaveLength(count);
  });

  it('records played recordings, camera changes without their passwords, and a foreign camera is refused without an entry', async () => {
    const played = await ctx.app.inject({
      method: 'POST',
      url: '/api/v4/clip',
      headers: bearer(nurse),
      payload: {
        camera_uuid: EXIT,
        cliptype: 'aligned_clip',
        timestamp: new Date(ctx.clock.now() - 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z'),
      },
    });
    expect(played.statusCode, played.body).toBe(200);
    const [entry] = await entries(`domain_uuid=${MAPLE}&action=played_recording&camera_uuid=${EXIT}`);
    expect(entry).toMatchObject({ user_email: 'nurse@maple.example', camera_uuid: EXIT });

    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v4/cameras/${EXIT}`,
      headers: bearer(manager),
      payload: { password: 'hunter2-camera-secret' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [changed] = await entries(`domain_uuid=${MAPLE}&action=changed_camera`);
    expect(changed!.detail).toMatchObject({ change: 'edited', fields: 'password' });
    const all = JSON.stringify(await ctx.database.db.selectFrom('audit_log').selectAll().execute());
    expect(all).not.toContain('hunter2-camera-secret');
    // No session token, in any entry.
    for (const token of [manager, nurse, staff]) expect(all).not.toContain(token);

    const before = (await rows('changed_camera')).length;
    const foreign = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v4/cameras/${EXIT}`,
      headers: bearer(birchOnly),
      payload: { name: 'x' },
    });
    expect([403, 404]).toContain(foreign.statusCode);
    expect(await rows('changed_camera')).toHaveLength(before);
  });

  it('records a dismissal (how) and each answer about a face, once each', async () => {
    const key = await detectorKey(ctx, manager, MAPLE);
    const at = ctx.clock.now() - 30_000;
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/v1/batch',
      headers: bearer(key),
      payload: {
        faces: [
          {
            camera_uuid: EXIT,
            captured_at: new Date(at).toISOString(),
            frontend_face_uuid: MARGARET,
            confidence: 0.97,
            box: { x: 0.4, y: 0.2, w: 0.1, h: 0.2 },
          },
        ],
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const listed = await ctx.app.inject({ method: 'GET', url: `/api/v1/faces/alerts?domainUUID=${MAPLE}`, headers: bearer(staff) });
    const alert = listed.json<{ alerts: ElopementAlert[] }>().alerts.find((a) => a.frontend_face_uuid === MARGARET)!;
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/v4/facematchconfirm',
      headers: bearer(staff),
      payload: { runtime_face_uuids: [alert.runtime_face_uuid], frontend_face_uuid: MARGARET, is_correct: true },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const face = await ctx.app.inject({
      method: 'POST',
      url: '/api/v4/faceconfirm',
      headers: bearer(staff),
      payload: { runtime_face_uuid: alert.runtime_face_uuid, is_face: true },
    });
    expect(face.statusCode, face.body).toBe(200);
    const dismissed = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/faces/alerts/${alert.alert_id}/dismiss`,
      headers: bearer(porter),
      payload: { userPIN: 'me' },
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);

    const matched = await rows('answered_face_match');
    expect(matched.filter((r) => r.subject === alert.runtime_face_uuid)).toHaveLength(1);
    expect(JSON.parse(matched.at(-1)!.detail!)).toEqual({ person: MARGARET, answer: 'confirmed' });
    expect((await rows('reviewed_detection')).filter((r) => r.subject === alert.runtime_face_uuid)).toHaveLength(1);
    const dismissal = (await rows('dismissed_alert')).filter((r) => r.subject === alert.alert_id);
    expect(dismissal).toHaveLength(1);
    expect(dismissal[0]).toMatchObject({ domain_uuid: MAPLE, camera_uuid: EXIT, user_email: 'porter@maple.example' });
    expect(JSON.parse(dismissal[0]!.detail!)).toMatchObject({ how: 'me' });
  });

  it('records a person added, edited and deleted, once each, with the person as subject and no name', async () => {
    const face_info = {
      first_name: 'Audrey',
      last_name: 'Auditson',
      role: 'resident',
      gender: 'female',
      complexion: 'caucasian',
      room_number: '7',
      bed: 'A',
      elopement_risk: false,
    };
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/v6/faces',
      headers: bearer(manager),
      payload: { domain_uuid: MAPLE, face_info },
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json<{ frontend_face_uuid: string }>().frontend_face_uuid;
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v6/faces/${id}`,
      headers: bearer(manager),
      payload: { face_info: { ...face_info, room_number: '8' } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v6/faces/${id}`, headers: bearer(manager) })).statusCode).toBe(200);
    const theirs = (await rows('changed_person')).filter((row) => row.subject === id);
    expect(theirs.map((row) => JSON.parse(row.detail!).change)).toEqual(['added', 'edited', 'deleted']);
    expect(theirs.every((row) => row.domain_uuid === MAPLE && row.user_email === 'manager@maple.example')).toBe(true);
    expect(JSON.stringify(theirs)).not.toContain('Auditson');
  });

  it('records a recorded clip saved as a file (by address: a signed link has no session), and not a plain playback', async () => {
    const file = `clips/${EXIT}/20260101T000000000Z.mp4`;
    mkdirSync(join(ctx.config.video.mediaDir, 'clips', EXIT), { recursive: true });
    writeFileSync(join(ctx.config.video.mediaDir, file), Buffer.alloc(64));
    const url = new MediaSigner(ctx.config.secret).sign(file, ctx.clock.now() + 60_000);
    const before = (await rows('downloaded_recording')).length;
    await ctx.app.inject({ method: 'GET', url, remoteAddress: '10.4.4.4' });
    expect(await rows('downloaded_recording')).toHaveLength(before);
    await ctx.app.inject({ method: 'GET', url: `${url}?download=front-entrance.mp4`, remoteAddress: '10.4.4.4' });
    const saved = await rows('downloaded_recording');
    expect(saved).toHaveLength(before + 1);
    expect(saved.at(-1)).toMatchObject({ domain_uuid: MAPLE, camera_uuid: EXIT, address: '10.4.4.4', user_email: null });
  });

  it('records role changes and a flag changed in a browser', async () => {
    const invited = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/domains/${MAPLE}/accounts`,
      headers: bearer(manager),
      payload: { email: 'audited.invitee@example.com', role: 'relative' },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const [role] = await entries(`domain_uuid=${MAPLE}&action=changed_role`);
    expect(role!.detail).toMatchObject({ change: 'invited', account: 'audited.invitee@example.com', roles: 'relative' });

    const flag = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/audit/flags',
      headers: bearer(staff),
      payload: { flag: 'new_training_filters', value: true },
    });
    expect(flag.statusCode, flag.body).toBe(200);
    expect((await rows('changed_flag')).at(-1)).toMatchObject({ user_email: 'staff@vigil.example' });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/audit/flags',
      headers: bearer(staff),
      payload: { flag: 'nope', value: true },
    });
    expect(unknown.statusCode).toBe(400);
    // Only staff with staff/feature_flags report flags.
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/audit/flags',
          headers: bearer(manager),
          payload: { flag: 'new_training_filters', value: true },
        })
      ).statusCode,
    ).toBe(403);
  });

  it("is read with account/view_audit in that very building, filtered, paged, and never shows another building's entries", async () => {
    expect((await get(nurse, `domain_uuid=${MAPLE}`)).statusCode).toBe(403);
    expect((await get(birchOnly, `domain_uuid=${MAPLE}`)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/audit?domain_uuid=${MAPLE}` })).statusCode).toBe(401);
    for (const query of [
      '',
      'domain_uuid=nope',
      `domain_uuid=${MAPLE}&action=made_tea`,
      `domain_uuid=${MAPLE}&limit=0`,
      `domain_uuid=${MAPLE}&from=yesterday`,
    ]) {
      const reply = await get(manager, query);
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json<{ error: string }>().error.length).toBeGreaterThan(0);
    }
    const birch = await entries(`domain_uuid=${BIRCH}`, birchOnly);
    expect(birch.every((e) => e.domain_uuid === BIRCH || e.domain_uuid === null)).toBe(true);
    expect(birch.some((e) => e.camera_uuid === EXIT)).toBe(false);

    const first = (await get(manager, `domain_uuid=${MAPLE}&limit=2`)).json<AuditReply>();
    expect(first.entries).toHaveLength(2);
    expect(first.next).toBe(first.entries[1]!.seq);
    const second = (await get(manager, `domain_uuid=${MAPLE}&limit=2&before=${first.next}`)).json<AuditReply>();
    expect(second.entries[0]!.seq).toBeLessThan(first.entries[1]!.seq);
    const window = await entries(`domain_uuid=${MAPLE}&from=${new Date(ctx.clock.now() + 60_000).toISOString()}`);
    expect(window).toHaveLength(0);
  });

  it('downloads as CSV that parses back, with formulas neutralised', async () => {
    // A person whose name starts like a formula: the CSV must not let a spreadsheet run it.
    const reply = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/domains/${MAPLE}/accounts`,
      headers: bearer(manager),
      payload: { email: 'formula@example.com', role: 'relative', display_name: '=HYPERLINK("http://x")' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/audit/flags',
      headers: bearer(staff),
      payload: { flag: 'new_training_filters', value: null },
    });
    const csv = await get(manager, `domain_uuid=${MAPLE}`, '/api/v1/audit.csv');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const parsed = parse(csv.body, { columns: true }) as Record<string, string>[];
    expect(Object.keys(parsed[0]!)).toEqual([...AUDIT_CSV_COLUMNS]);
    const listed = await entries(`domain_uuid=${MAPLE}&limit=500`);
    expect(parsed).toHaveLength(listed.length);
    expect(parsed[0]!.time).toBe(listed[0]!.at);
    expect(parsed.every((row) => !/^[=+\-@]/.test(row.user!) && !/^[=+\-@]/.test(row.detail!))).toBe(true);
    expect(parsed.some((row) => row.action === 'Watched live video' && row.camera === 'Front Entrance Outdoor')).toBe(true);
    expect((await get(birchOnly, `domain_uuid=${MAPLE}`, '/api/v1/audit.csv')).statusCode).toBe(403);
  });
});
