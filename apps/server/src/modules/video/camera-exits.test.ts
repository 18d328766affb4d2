import type { CameraExitReply, CameraStatus } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIRCH_CAMERAS, HALLWAY } from '../../../test/demo-ids.js';
import { BIRCH, MAPLE, bearer, createTestContext, type TestContext } from '../../../test/harness.js';

// Exits set in the product (issue 37): PUT /api/v4/cameras/{uuid}/exit with alerting/edit in the camera's building, each
// change audited, the camera lists carrying is_exit for everyone who sees the camera (SQLite, or PostgreSQL with
// VIGIL_TEST_DATABASE_URL). How the change reaches the analyzers: analyzers/analyzer-changes.test.ts.
let ctx: TestContext;
let manager: string;

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.signIn('manager@maple.example');
});
afterAll(() => ctx.close());

const setExit = (token: string | null, camera: string, payload: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/v4/cameras/${camera}/exit`,
    ...(token && { headers: bearer(token) }),
    payload: payload as object,
  });
const listed = async (token: string, domain: string, camera: string) => {
  const reply = await ctx.app.inject({ method: 'GET', url: `/api/v4/cameras?domain_uuid=${domain}`, headers: bearer(token) });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ cameras: CameraStatus[] }>().cameras.find((c) => c.uuid === camera);
};
const exitEntries = (camera: string) =>
  ctx.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'changed_camera')
    .where('camera_uuid', '=', camera)
    .where('detail', 'like', '%"exit"%')
    .orderBy('seq')
    .execute();

describe('marking an exit', () => {
  it('a manager marks the hallway an exit and off again: each change audited, a repeat changes and records nothing', async () => {
    expect((await listed(manager, MAPLE, HALLWAY))?.is_exit).toBe(false);
    const marked = await setExit(manager, HALLWAY, { is_exit: true });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json<CameraExitReply>()).toEqual({
      ok: true,
      camera: { uuid: HALLWAY, name: 'Hallway Floor 1 East', is_exit: true },
      changed: true,
    });
    // Everyone who sees the camera sees that it is an exit: the caregiver too, who may not change it.
    expect((await listed(manager, MAPLE, HALLWAY))?.is_exit).toBe(true);
    expect((await listed(await ctx.signIn('nurse@maple.example'), MAPLE, HALLWAY))?.is_exit).toBe(true);

    const again = await setExit(manager, HALLWAY, { is_exit: true });
    expect(again.json<CameraExitReply>()).toMatchObject({ ok: true, changed: false, camera: { is_exit: true } });
    const off = await setExit(manager, HALLWAY, { is_exit: false });
    expect(off.json<CameraExitReply>()).toMatchObject({ ok: true, changed: true, camera: { is_exit: false } });
    expect((await listed(manager, MAPLE, HALLWAY))?.is_exit).toBe(false);

    const entries = await exitEntries(HALLWAY);
    expect(entries.map((e) => JSON.parse(e.detail!) as unknown)).toEqual([
      { change: 'exit', is_exit: true },
      { change: 'exit', is_exit: false },
    ]);
    for (const entry of entries)
      expect(entry).toMatchObject({ user_email: 'manager@maple.example', domain_uuid: MAPLE, address: '127.0.0.1' });
  });

  it('takes alerting/edit in the camera’s building, not video/edit; a building one holds nothing in answers like no camera', async () => {
    // A caregiver (video, alerting without edit) and a relative (recorded video only) are refused before the body is read.
    for (const email of ['nurse@maple.example', 'family@maple.example', 'newcomer@maple.example']) {
      const refused = await setExit(await ctx.signIn(email), HALLWAY, { is_exit: true });
      expect(refused.statusCode, email).toBe(403);
      expect(refused.json<{ error: string }>().error).toMatch(/alerting\/edit/);
    }
    // alerting/edit at Birch only: a Maple camera (where the user is a caregiver) is 403; with nothing at Maple, 404.
    await ctx.transaction((trx) =>
      ctx.access.defineRole(trx, { name: 'exit-keeper', description: 'exits', operations: { alerting: ['edit'] } }),
    );
    const keeper = await ctx.access.ensureUser('keeper@birch.example');
    await ctx.access.grant(keeper.id, BIRCH, 'exit-keeper');
    const outsider = await ctx.signIn('keeper@birch.example');
    const unseen = await setExit(outsider, HALLWAY, { is_exit: true });
    expect(unseen.statusCode).toBe(404);
    expect(unseen.json()).toEqual({ ok: false, statusCode: 404, error: 'No such camera.' });
    await ctx.access.grant(keeper.id, MAPLE, 'caregiver');
    const caregiver = await setExit(await ctx.signIn('keeper@birch.example'), HALLWAY, { is_exit: true });
    expect(caregiver.statusCode).toBe(403);
    expect(caregiver.json()).toEqual({ ok: false, statusCode: 403, error: 'You do not have alerting/edit access in this domain.' });
    // At Birch the same user may: alerting/edit without any video operation.
    const birch = await setExit(await ctx.signIn('keeper@birch.example'), BIRCH_CAMERAS[0]!, { is_exit: true });
    expect(birch.statusCode, birch.body).toBe(200);
    expect((await listed(manager, BIRCH, BIRCH_CAMERAS[0]!))?.is_exit).toBe(true);
    expect(await exitEntries(HALLWAY)).toHaveLength(2);
  });

  it('refuses a bad body or camera id (400), no session (401), an unknown or deleted camera (404), each with a message', async () => {
    for (const [payload, message] of [
      [{}, /is_exit/],
      [{ is_exit: 'yes' }, /is_exit/],
      [{ is_exit: 1 }, /is_exit/],
    ] as const) {
      const reply = await setExit(manager, HALLWAY, payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json<{ error: string }>().error).toMatch(message);
    }
    const badId = await setExit(manager, 'hallway', { is_exit: true });
    expect(badId.statusCode).toBe(400);
    expect(badId.json<{ error: string }>().error).toMatch(/uuid/);
    const anonymous = await setExit(null, HALLWAY, { is_exit: true });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<{ error: string }>().error).toBeTruthy();
    const unknown = await setExit(manager, 'c1a00001-0000-4000-8000-0000000000ff', { is_exit: true });
    expect(unknown.json()).toEqual({ ok: false, statusCode: 404, error: 'No such camera.' });

    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/v4/cameras/upload',
      headers: bearer(manager),
      payload: [{ name: 'Garden Gate', domainUUID: MAPLE, host: '127.0.0.1', port: 8554, path: '/gate' }],
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const gate = upload.json<{ cameras: { uuid: string }[] }>().cameras[0]!.uuid;
    expect((await setExit(manager, gate, { is_exit: true })).statusCode).toBe(200);
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/v4/cameras/${gate}`, headers: bearer(manager) });
    expect(removed.statusCode, removed.body).toBe(200);
    const gone = await setExit(manager, gate, { is_exit: false });
    expect(gone.json()).toEqual({ ok: false, statusCode: 404, error: 'No such camera.' });
    // Deleting it ended its being an exit (no alert can come from a camera out of service).
    expect((await ctx.database.db.selectFrom('cameras').select('is_exit').where('uuid', '=', gate).executeTakeFirst())?.is_exit).toBe(0);
  });
});
