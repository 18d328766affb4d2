import { type AnalyzerChangesReply, type AnalyzerHeartbeatReply } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, HALLWAY, MAPLE_CAMERAS } from '../../../test/demo-ids.js';
import { MAPLE, bearer, createTestContext, detectorKey, type TestContext } from '../../../test/harness.js';
import { cliActor } from '../audit/audit.service.js';
import { createAudit } from '../audit/audit.wiring.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { CameraExitsService } from '../video/camera-exits.service.js';
import { CamerasRepository } from '../video/cameras.repository.js';

// The analyzers' change channel (issue 37): GET /api/ingest/v1/analyzers/changes answers as soon as a camera an analyzer
// holds becomes an exit, stops being one or leaves service, made by this server (it wakes) or by another process (the
// CLI, another API server: its look at the database finds it). Each test's own limit (well under the 25 s wait) is
// what fails a poll that only answered at the end of its wait. SQLite, or PostgreSQL with VIGIL_TEST_DATABASE_URL.
const A = 'a0000000-0000-4000-8000-0000000000c1';
const PROMPT = { timeout: 15_000 };

const heartbeat = async (ctx: TestContext, key: string, analyzer = A) => {
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/ingest/v1/analyzers/heartbeat',
    headers: bearer(key),
    payload: { analyzer_id: analyzer, name: 'changes test', capacity: 16, cameras: [] },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<AnalyzerHeartbeatReply>();
};
const poll = (ctx: TestContext, key: string, since?: string, analyzer = A) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/ingest/v1/analyzers/changes?analyzer_id=${analyzer}${since === undefined ? '' : `&since=${encodeURIComponent(since)}`}`,
    headers: bearer(key),
  });
const changes = async (ctx: TestContext, key: string, since?: string) => {
  const reply = await poll(ctx, key, since);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<AnalyzerChangesReply>();
};
const exitOf = (reply: AnalyzerChangesReply, camera: string) => reply.cameras.find((c) => c.camera_uuid === camera)?.is_exit;

describe('the change channel', () => {
  let ctx: TestContext;
  let manager: string;
  let key: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    manager = await ctx.signIn('manager@maple.example');
    key = await detectorKey(ctx, manager, MAPLE, 'changes', ['analyzer']);
  });
  afterAll(() => ctx.close());

  it('names what the heartbeat gave: without `since`, or with another, at once', PROMPT, async () => {
    const beat = await heartbeat(ctx, key);
    expect(beat.changes_version).toEqual(expect.any(String));
    const now = await changes(ctx, key);
    expect(now).toMatchObject({ ok: true, changed: true, version: beat.changes_version });
    expect(now.cameras.map((c) => c.camera_uuid)).toEqual([...MAPLE_CAMERAS].sort());
    expect(now.cameras.filter((c) => c.is_exit).map((c) => c.camera_uuid)).toEqual([EXIT]);
    expect(await changes(ctx, key, 'an older state')).toEqual(now);
  });

  it('answers as soon as a manager marks a camera it holds an exit, and again when it is marked off', PROMPT, async () => {
    const { changes_version } = await heartbeat(ctx, key);
    const waiting = changes(ctx, key, changes_version);
    const marked = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v4/cameras/${HALLWAY}/exit`,
      headers: bearer(manager),
      payload: { is_exit: true },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const reply = await waiting;
    expect(reply.changed).toBe(true);
    expect(exitOf(reply, HALLWAY)).toBe(true);
    expect(reply.version).not.toBe(changes_version);

    const next = changes(ctx, key, reply.version);
    await ctx.app.inject({ method: 'PUT', url: `/api/v4/cameras/${HALLWAY}/exit`, headers: bearer(manager), payload: { is_exit: false } });
    const off = await next;
    expect(exitOf(off, HALLWAY)).toBe(false);
    // back to what the heartbeat named
    expect(off.version).toBe(changes_version);
  });

  it('finds a change another process made (the CLI’s code path: nobody here is woken) by looking at the database', PROMPT, async () => {
    const { changes_version } = await heartbeat(ctx, key);
    const waiting = changes(ctx, key, changes_version);
    const cli = new CameraExitsService({
      cameras: new CamerasRepository(ctx.database.db),
      audit: createAudit({
        audit: new AuditRepository(ctx.database.db),
        cameras: new CamerasRepository(ctx.database.db),
        clock: ctx.clock,
      }),
      changed: () => undefined,
    });
    expect((await cli.setAsOperator(cliActor('cli:test'), MAPLE_CAMERAS[1]!, true)).changed).toBe(true);
    const reply = await waiting;
    expect(exitOf(reply, MAPLE_CAMERAS[1]!)).toBe(true);
    await cli.setAsOperator(cliActor('cli:test'), MAPLE_CAMERAS[1]!, false);
  });

  it('answers when a camera it holds is deleted: the camera leaves the list (a heartbeat then stops it)', PROMPT, async () => {
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/v4/cameras/upload',
      headers: bearer(manager),
      payload: [{ name: 'Garden Gate', domainUUID: MAPLE, host: '127.0.0.1', port: 8554, path: '/gate' }],
    });
    const gate = upload.json<{ cameras: { uuid: string }[] }>().cameras[0]!.uuid;
    const beat = await heartbeat(ctx, key);
    expect(beat.assignments.map((a) => a.camera_uuid)).toContain(gate);
    const waiting = changes(ctx, key, beat.changes_version);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v4/cameras/${gate}`, headers: bearer(manager) })).statusCode).toBe(200);
    const reply = await waiting;
    expect(reply.cameras.map((c) => c.camera_uuid)).not.toContain(gate);
    expect((await heartbeat(ctx, key)).changes_version).toBe(reply.version);
  });

  it('refuses an analyzer id this key has not sent a heartbeat with (404), a bad query (400) and no key (401)', async () => {
    const other = await detectorKey(ctx, manager, MAPLE, 'other analyzers', ['analyzer']);
    const foreign = await poll(ctx, other, undefined, A);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({
      ok: false,
      statusCode: 404,
      error: 'No analyzer with this id reports with this key: send a heartbeat first.',
    });
    expect((await poll(ctx, key, undefined, 'b0000000-0000-4000-8000-0000000000c2')).statusCode).toBe(404);
    const bad = await poll(ctx, key, undefined, 'analyzer-1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toMatch(/analyzer_id/);
    const long = await poll(ctx, key, 'x'.repeat(101));
    expect(long.statusCode).toBe(400);
    expect(long.json<{ error: string }>().error).toMatch(/since/);
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/ingest/v1/analyzers/changes?analyzer_id=${A}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('closing the server', () => {
  it('ends a waiting poll at once, answering that nothing changed', PROMPT, async () => {
    const ctx = await createTestContext();
    try {
      const key = await detectorKey(ctx, await ctx.signIn('manager@maple.example'), MAPLE, 'closing', ['analyzer']);
      const { changes_version } = await heartbeat(ctx, key);
      const waiting = poll(ctx, key, changes_version);
      // once it waits (a heartbeat after the poll's first look is answered after it, on SQLite as on PostgreSQL)
      await heartbeat(ctx, key);
      await ctx.app.close();
      const reply = await waiting;
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json<AnalyzerChangesReply>()).toMatchObject({ ok: true, changed: false, version: changes_version });
    } finally {
      await ctx.close();
    }
  });
});
