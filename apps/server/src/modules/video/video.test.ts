import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LONG_CLIP_LIMIT, formatUtc } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIRCH, MAPLE, bearer, createTestContext, detectorKey, sendBatch, type TestContext } from '../../../test/harness.js';
import { eventually, processesWorkingIn, startRtspCameras } from '../../../test/rtsp-simulator.js';
import { probeDuration, resolveFfmpeg } from '../../media/ffmpeg.js';

const CLIP_SECONDS = 2;
/** longer clips for the crash test, so "mid-clip" is well away from a boundary on a loaded machine */
const CRASH_CLIP_SECONDS = 4;
let ctx: TestContext;
let rtsp: Awaited<ReturnType<typeof startRtspCameras>>;
let manager: string;
let family: string;
let camera: string;
let ffmpeg: string;

beforeAll(async () => {
  ffmpeg = (await resolveFfmpeg())!;
  rtsp = await startRtspCameras([
    { path: '/test/lobby', name: 'Test Lobby' },
    { path: '/test/crash', name: 'Crash Camera' },
  ]);
  ctx = await createTestContext(
    { VIGIL_RECORDER: 'on', VIGIL_DEMO_CAMERAS: 'off', VIGIL_CLIP_SECONDS: String(CLIP_SECONDS) },
    async (database) => {
      await database.db.deleteFrom('cameras').execute();
    },
  );
  manager = await ctx.signIn('manager@maple.example');
  family = await ctx.signIn('family@maple.example');
  const upload = await ctx.app.inject({
    method: 'POST',
    url: '/api/v4/cameras/upload',
    headers: bearer(manager),
    payload: [{ name: 'Test Lobby Floor 1', domainUUID: MAPLE, protocol: 'rtsp', host: '127.0.0.1', port: rtsp.port, path: '/test/lobby' }],
  });
  expect(upload.statusCode).toBe(200);
  camera = upload.json<{ cameras: { uuid: string }[] }>().cameras[0]!.uuid;
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await rtsp?.stop();
});

const clipsIndexed = async (uuid: string) =>
  ctx.database.db.selectFrom('clips').selectAll().where('camera_uuid', '=', uuid).orderBy('start_ms').execute();

describe('recording a camera', () => {
  it('indexes wall-clock clips that play, and reports the camera as recording', async () => {
    const rows = await eventually(
      async () => {
        const r = await clipsIndexed(camera);
        return r.length >= 3 ? r : null;
      },
      40_000,
      'three clips',
    );
    for (const [a, b] of rows.slice(0, -1).map((r, i) => [r, rows[i + 1]!] as const)) {
      expect(Math.abs(b.start_ms - (a.start_ms + a.duration_ms))).toBeLessThan(400);
    }
    for (const [i, row] of rows.entries()) {
      // The connection's first clip runs from its first key frame to the next boundary: it may be shorter.
      if (i > 0) expect(row.duration_ms).toBeGreaterThan(CLIP_SECONDS * 1000 - 600);
      expect(row.duration_ms).toBeGreaterThan(0);
      expect(row.duration_ms).toBeLessThan(CLIP_SECONDS * 1000 + 600);
      expect(Math.abs(row.start_ms - Date.now())).toBeLessThan(60_000);
      // The file plays for as long as the index says.
      expect(await probeDuration(ffmpeg, join(ctx.config.video.mediaDir, row.file))).toBeCloseTo(row.duration_ms / 1000, 1);
    }
    const list = await ctx.app.inject({ method: 'GET', url: `/api/v4/cameras?domain_uuid=${MAPLE}`, headers: bearer(manager) });
    const status = list
      .json<{ cameras: { uuid: string; state: string; thumbnail_url: string | null }[] }>()
      .cameras.find((c) => c.uuid === camera)!;
    expect(status.state).toBe('recording');
    const thumb = await ctx.app.inject({ method: 'GET', url: status.thumbnail_url! });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toContain('image/jpeg');
  });

  it('finds the clip holding a moment and serves it with range requests', async () => {
    const row = (await clipsIndexed(camera))[1]!;
    const at = new Date(row.start_ms + 700);
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/v4/clip',
      headers: bearer(family),
      payload: { camera_uuid: camera, cliptype: 'available_aligned_or_short', timestamp: at.toISOString() },
    });
    const clip = reply.json<{ ok: true; start: string; offset_seconds: number; pre_signed_url: string }>();
    expect(clip.ok).toBe(true);
    expect(clip.start).toBe(formatUtc(new Date(row.start_ms)));
    expect(clip.offset_seconds).toBeCloseTo(0.7, 1);
    const whole = await ctx.app.inject({ method: 'GET', url: clip.pre_signed_url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['cache-control']).toBe('private, max-age=300');
    const part = await ctx.app.inject({ method: 'GET', url: clip.pre_signed_url, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
    // A strong validator: the browser keeps a prefetched range under it and asks for the rest with If-Range.
    const etag = String(whole.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    const rest = await ctx.app.inject({ method: 'GET', url: clip.pre_signed_url, headers: { range: 'bytes=100-', 'if-range': etag } });
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload.length).toBe(whole.rawPayload.length - 100);
    const changed = await ctx.app.inject({
      method: 'GET',
      url: clip.pre_signed_url,
      headers: { range: 'bytes=100-', 'if-range': '"0-0"' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.length).toBe(whole.rawPayload.length);
    const again = await ctx.app.inject({ method: 'GET', url: clip.pre_signed_url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const playlist = await ctx.app.inject({ method: 'GET', url: `/api/v4/clips/${camera}/${formatUtc(at)}`, headers: bearer(family) });
    const starts = playlist.json<{ clips: { start: string }[] }>().clips.map((c) => c.start);
    expect(starts).toContain(clip.start);
    expect([...starts].sort()).toEqual(starts);
  });

  it('says a moment is still being recorded, and that there is nothing long before recording began', async () => {
    const recent = await ctx.app.inject({
      method: 'POST',
      url: '/api/v4/clip',
      headers: bearer(family),
      payload: { camera_uuid: camera, cliptype: 'aligned_clip', timestamp: new Date(Date.now() - 300).toISOString() },
    });
    expect(recent.json()).toMatchObject({ ok: false, reason: 'still_recording' });
    const old = await ctx.app.inject({
      method: 'POST',
      url: '/api/v4/clip',
      headers: bearer(family),
      payload: { camera_uuid: camera, cliptype: 'aligned_clip', timestamp: '2020-01-01T00:00:00Z' },
    });
    expect(old.json()).toMatchObject({ ok: false, reason: 'no_recording' });
  });

  it('reports recording spans for the timeline', async () => {
    const rows = await clipsIndexed(camera);
    const start = formatUtc(new Date(rows[0]!.start_ms - 60_000));
    const end = formatUtc(new Date(Date.now() + 60_000));
    const reply = await ctx.app.inject({
      method: 'GET',
      url: `/api/v4/recordings/${camera}?start=${start}&end=${end}&bucket_seconds=1`,
      headers: bearer(family),
    });
    const spans = reply.json<{ spans: { start: string; end: string }[] }>().spans;
    expect(spans.length).toBeGreaterThanOrEqual(1);
    expect(Date.parse(spans[0]!.start)).toBeLessThanOrEqual(rows[0]!.start_ms + 1000);
  });

  it('joins a range into one downloadable MP4 without transcoding', async () => {
    const rows = await clipsIndexed(camera);
    const start = new Date(rows[0]!.start_ms + 500);
    const end = new Date(rows[2]!.start_ms + 500);
    const reply = await ctx.app.inject({
      method: 'GET',
      url: `/api/v4/long_clips/${camera}?start=${start.toISOString()}&end=${end.toISOString()}&mode=link`,
      headers: bearer(family),
    });
    const body = reply.json<{ ok: true; data: { url: string; filename: string } }>();
    expect(body.data.filename).toMatch(/^vigil-test-lobby-floor-1-.*\.mp4$/);
    const file = await ctx.app.inject({ method: 'GET', url: body.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${body.data.filename}"`);
    const downloaded = join(ctx.config.dataDir, 'downloaded.mp4');
    writeFileSync(downloaded, file.rawPayload);
    const duration = await probeDuration(ffmpeg, downloaded);
    expect(duration).toBeGreaterThan((end.getTime() - start.getTime()) / 1000 - 1.5);
    expect(duration).toBeLessThan((end.getTime() - start.getTime()) / 1000 + 1.5);
    // Downloaded whole, the export is removed: the folder does not fill up.
    expect(readdirSync(join(ctx.config.video.mediaDir, 'exports')).filter((n) => n.endsWith('.mp4'))).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: body.data.url })).statusCode).toBe(404);
  });

  it(`takes ${LONG_CLIP_LIMIT.perUser} long clips per user a quarter of an hour, then answers 429`, async () => {
    const manager = await ctx.signIn('manager@maple.example');
    const ask = (token: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/v4/long_clips/${camera}?start=2026-01-01T02:00:00Z&end=2026-01-01T01:00:00Z`,
        headers: bearer(token),
      });
    const statuses: number[] = [];
    for (let i = 0; i <= LONG_CLIP_LIMIT.perUser; i += 1) statuses.push((await ask(manager)).statusCode);
    expect(statuses.slice(0, LONG_CLIP_LIMIT.perUser).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Someone else is not held back.
    expect((await ask(await ctx.signIn('staff@vigil.example'))).statusCode).toBe(400);
  });

  it('refuses long clips that are in the future, backwards or over 2 hours, with the spec messages', async () => {
    const ask = (start: string, end: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/v4/long_clips/${camera}?start=${start}&end=${end}`, headers: bearer(family) });
    expect((await ask('2026-01-01T02:00:00Z', '2026-01-01T01:00:00Z')).json()).toMatchObject({
      statusCode: 400,
      error: 'The date and time you selected is logically incorrect.',
    });
    expect((await ask('2026-01-01T00:00:00Z', '2026-01-01T02:00:01Z')).json()).toMatchObject({
      error: 'Please select a smaller time range',
    });
    expect((await ask(formatUtc(new Date()), '2999-01-01T00:00:00Z')).json()).toMatchObject({
      error: 'Unfortunately we cannot predict the future!',
    });
  });
});

describe('live video', () => {
  it('leases the rolling playlist, renews it by heartbeat, and ends it when not renewed', async () => {
    const nurse = await ctx.signIn('nurse@maple.example');
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/hlsvideo/',
      headers: bearer(nurse),
      payload: { camera_uuid: camera, duration: 120 },
    });
    const live = start.json<{ url: string; time_to_live: number; dir: string }>();
    expect(live.time_to_live).toBe(120);
    const playlist = await eventually(
      async () => {
        const r = await ctx.app.inject({ method: 'GET', url: live.url });
        return r.statusCode === 200 && r.body.includes('.ts') ? r : null;
      },
      20_000,
      'live playlist',
    );
    const segment = /^(seg\d+\.ts)$/m.exec(playlist.body)![1]!;
    expect((await ctx.app.inject({ method: 'GET', url: `${live.dir}${segment}` })).statusCode).toBe(200);

    ctx.clock.advance(100_000);
    const beat = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/hlsvideo/${camera}`,
      headers: bearer(nurse),
      payload: { camera_uuid: camera, durationInSeconds: 60 },
    });
    expect(beat.json()).toEqual({ status: 'ok', time_to_live: 60 });
    ctx.clock.advance(50_000);
    expect((await ctx.app.inject({ method: 'GET', url: live.url })).statusCode).toBe(200);
    ctx.clock.advance(20_000);
    expect((await ctx.app.inject({ method: 'GET', url: live.url })).statusCode).toBe(403);
    const late = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/hlsvideo/${camera}`,
      headers: bearer(nurse),
      payload: { camera_uuid: camera },
    });
    expect(late.statusCode).toBe(404);
    ctx.clock.reset();
  });

  /** Starts live video of the test camera as `token` and waits until its playlist is served; returns the playlist URL. */
  async function watchLive(token: string, duration = 120): Promise<string> {
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/hlsvideo/',
      headers: bearer(token),
      payload: { camera_uuid: camera, duration },
    });
    const { url } = start.json<{ url: string }>();
    await eventually(async () => (await ctx.app.inject({ method: 'GET', url })).statusCode === 200, 20_000, 'live playlist');
    return url;
  }

  it('ends at logout: the lease belongs to the session that asked for it', async () => {
    const nurse = await ctx.signIn('nurse@maple.example');
    const url = await watchLive(nurse);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v4/logout', headers: bearer(nurse), payload: {} })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(403);
  });

  it('ends when the role that gave view_live is revoked', async () => {
    const user = await ctx.access.ensureUser('relief.nurse@maple.example', 'Relief Nurse');
    await ctx.access.grant(user.id, MAPLE, 'caregiver');
    const token = await ctx.signIn('relief.nurse@maple.example');
    const url = await watchLive(token);
    await ctx.transaction((trx) => ctx.access.revoke(trx, user.id, MAPLE, 'caregiver'));
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    const beat = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/hlsvideo/${camera}`,
      headers: bearer(token),
      payload: { camera_uuid: camera },
    });
    // No live video anywhere any more: refused before any camera is looked at, so nothing is learnt of this one.
    expect(beat.json()).toEqual({ ok: false, statusCode: 403, error: 'You do not have video/view_live access in any building.' });
  });

  it('is extended by a heartbeat by at most the duration asked for', async () => {
    const nurse = await ctx.signIn('nurse@maple.example');
    const url = await watchLive(nurse, 60);
    const beat = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/hlsvideo/${camera}`,
      headers: bearer(nurse),
      payload: { camera_uuid: camera, durationInSeconds: 3600 },
    });
    expect(beat.json()).toEqual({ status: 'ok', time_to_live: 60 });
    ctx.clock.advance(61_000);
    try {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    } finally {
      ctx.clock.reset();
    }
  });

  it("answers for another building's camera exactly as for an unknown one", async () => {
    const user = await ctx.access.ensureUser('birch.only@maple.example', 'Birch Only');
    await ctx.access.grant(user.id, BIRCH, 'caregiver');
    const token = await ctx.signIn('birch.only@maple.example');
    const ask = (uuid: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/hlsvideo/', headers: bearer(token), payload: { camera_uuid: uuid } });
    const foreign = await ask(camera);
    const unknown = await ask('c1a00001-0000-4000-8000-0000000fffff');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(unknown.body);
  });

  it('needs view_live in the camera’s domain', async () => {
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/hlsvideo/',
      headers: bearer(family),
      payload: { camera_uuid: camera },
    });
    expect(reply.statusCode).toBe(403);
  });
});

describe('media URLs', () => {
  it('refuse a wrong signature, an expired link and paths outside the media folder', async () => {
    const row = (await clipsIndexed(camera))[0]!;
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/v4/clip',
      headers: bearer(family),
      payload: { camera_uuid: camera, cliptype: 'aligned_clip', timestamp: new Date(row.start_ms + 100).toISOString() },
    });
    const url = reply.json<{ pre_signed_url: string }>().pre_signed_url;
    const [, , token, ...rest] = url.split('/');
    const tampered = `/media/${token!.slice(0, -2)}xx/${rest.join('/')}`;
    expect((await ctx.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const otherFile = `/media/${token}/clips/${camera}/other.mp4`;
    expect((await ctx.app.inject({ method: 'GET', url: otherFile })).statusCode).toBe(403);
    for (const escape of [
      `/media/${token}/../../vigil.sqlite`,
      `/media/${token}/clips/%2e%2e/%2e%2e/secret.key`,
      `/media/${token}/%2Fetc%2Fpasswd`,
    ]) {
      const answer = await ctx.app.inject({ method: 'GET', url: escape });
      expect([403, 404]).toContain(answer.statusCode);
      expect(answer.body).not.toContain('SQLite');
    }
    ctx.clock.advance(7 * 3600_000);
    const expired = await ctx.app.inject({ method: 'GET', url });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ error: 'This media link has expired.' });
    ctx.clock.reset();
  });
});

describe('cameras', () => {
  it('refuses uploads without video/add, into foreign domains, and malformed records, adding nothing', async () => {
    const before = await ctx.database.db.selectFrom('cameras').select('uuid').execute();
    const record = { name: 'X', domainUUID: MAPLE, host: '127.0.0.1', port: 554, path: '/x' };
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/v4/cameras/upload', headers: bearer(family), payload: [record] })).statusCode,
    ).toBe(403);
    const nurse = await ctx.signIn('nurse@maple.example');
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v4/cameras/upload',
          headers: bearer(nurse),
          payload: [{ ...record, domainUUID: BIRCH }],
        })
      ).statusCode,
    ).toBe(403);
    for (const bad of [
      [],
      [{ ...record, host: 'evil host' }],
      [{ ...record, domainUUID: undefined }],
      [{ ...record, port: 70000 }],
      [{ ...record, path: 'x' }],
    ]) {
      expect(
        (await ctx.app.inject({ method: 'POST', url: '/api/v4/cameras/upload', headers: bearer(manager), payload: bad })).statusCode,
      ).toBe(400);
    }
    expect(await ctx.database.db.selectFrom('cameras').select('uuid').execute()).toEqual(before);
  });

  it('deletes a camera: it stops recording and leaves every list; what it recorded stays, under its name', async () => {
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/v4/cameras/upload',
      headers: bearer(manager),
      payload: [{ name: 'Side Gate', domainUUID: MAPLE, host: '127.0.0.1', port: rtsp.port, path: '/test/lobby' }],
    });
    const gate = upload.json<{ cameras: { uuid: string }[] }>().cameras[0]!.uuid;
    const [clip] = await eventually(
      async () => {
        const rows = await clipsIndexed(gate);
        return rows.length > 0 && rows;
      },
      40_000,
      'a clip of the new camera',
    );
    const key = await detectorKey(ctx, manager, MAPLE, 'removal test');
    const event = { camera_uuid: gate, started_at: new Date(clip!.start_ms).toISOString(), objects: [{ name: 'person', confidence: 0.9 }] };
    expect((await sendBatch(ctx, key, { events: [{ ...event, source_id: 'gate-1' }] })).statusCode).toBe(200);
    const remove = (token: string, uuid = gate) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/v4/cameras/${uuid}`, headers: bearer(token) });

    // Who may not: a relative (no video/delete), a nurse (video without delete), someone of another building (404).
    expect((await remove(family)).statusCode).toBe(403);
    expect((await remove(await ctx.signIn('nurse@maple.example'))).statusCode).toBe(403);
    const birch = await ctx.access.ensureUser('birch.remover@maple.example', 'Birch Remover');
    await ctx.access.grant(birch.id, BIRCH, 'facility-manager');
    const foreign = await remove(await ctx.signIn('birch.remover@maple.example'));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe((await remove(manager, 'c1a00001-0000-4000-8000-0000000fffff')).body);
    expect(await processesWorkingIn(join(ctx.config.video.mediaDir, 'clips', gate)), 'still recorded').not.toHaveLength(0);

    const removed = await remove(manager);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ ok: true, camera: { uuid: gate, name: 'Side Gate' } });
    // Out of service at once: no recorder, in no list, no live view, no change, no new detections.
    expect(await processesWorkingIn(join(ctx.config.video.mediaDir, 'clips', gate)), 'recorder stopped').toHaveLength(0);
    const list = await ctx.app.inject({ method: 'GET', url: `/api/v4/cameras?domain_uuid=${MAPLE}`, headers: bearer(manager) });
    expect(list.json<{ cameras: { uuid: string }[] }>().cameras.map((c) => c.uuid)).not.toContain(gate);
    const domains = await ctx.app.inject({ method: 'GET', url: '/api/v1/domains', headers: bearer(manager) });
    expect(domains.body).not.toContain(gate);
    const live = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/hlsvideo/',
      headers: bearer(manager),
      payload: { camera_uuid: gate },
    });
    expect(live.statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'PUT', url: `/api/v4/cameras/${gate}`, headers: bearer(manager), payload: { name: 'Back' } }))
        .statusCode,
    ).toBe(404);
    expect((await remove(manager)).statusCode, 'deleted twice').toBe(404);
    expect((await sendBatch(ctx, key, { events: [{ ...event, source_id: 'gate-2' }] })).statusCode).toBe(400);

    // History stays: the event under the camera's name, the recorded clip still plays.
    const events = await ctx.app.inject({
      method: 'GET',
      url: `/api/events/v1/alerts?domain_uuid=${MAPLE}&camera_uuid=${gate}&since=${new Date(clip!.start_ms - 1000).toISOString()}`,
      headers: bearer(manager),
    });
    expect(events.json<{ data: { camera_description: string }[] }>().data).toEqual([
      expect.objectContaining({ camera_description: 'Side Gate' }),
    ]);
    const played = await ctx.app.inject({
      method: 'POST',
      url: '/api/v4/clip',
      headers: bearer(manager),
      payload: { camera_uuid: gate, cliptype: 'available_aligned_or_short', timestamp: new Date(clip!.start_ms + 500).toISOString() },
    });
    expect(played.statusCode, played.body).toBe(200);
    expect(await ctx.database.db.selectFrom('clips').select('file').where('camera_uuid', '=', gate).execute()).not.toHaveLength(0);
  });

  it('lists only cameras of a domain the user may see', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v4/cameras?domain_uuid=${BIRCH}`, headers: bearer(family) })).statusCode).toBe(
      403,
    );
  });
});

describe('a recorder killed with kill -9 mid-clip', () => {
  it('loses at most the last second or two of the clip in progress, and never the index', async () => {
    const crashCamera = 'c1a00001-0000-4000-8000-0000000c0001';
    await ctx.database.db
      .insertInto('cameras')
      .values({
        uuid: crashCamera,
        domain_uuid: MAPLE,
        description: 'Crash Camera',
        floor: null,
        label: null,
        protocol: 'rtsp',
        host: '127.0.0.1',
        port: rtsp.port,
        path: '/test/crash',
        username: null,
        password: null,
        created_at: Date.now(),
      })
      .execute();
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/test/recorder-process.ts',
        ctx.databaseLocation,
        ctx.config.video.mediaDir,
        crashCamera,
        rtsp.url('/test/crash'),
        String(CRASH_CLIP_SECONDS),
      ],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const clipDir = join(ctx.config.video.mediaDir, 'clips', crashCamera);
    await eventually(async () => (await clipsIndexed(crashCamera)).length >= 2, 40_000, 'clips from the recorder process');
    // kill late in a clip, well away from both of its boundaries (a clip starts at the first key frame after one), while
    // its ffmpeg is writing one (a loaded machine can have the recorder between two connections for a moment)
    await eventually(
      async () => {
        const phase = (Date.now() % (CRASH_CLIP_SECONDS * 1000)) / (CRASH_CLIP_SECONDS * 1000);
        return phase > 0.65 && phase < 0.85 && readdirSync(clipDir).some((n) => n.endsWith('.partial.mp4'));
      },
      20_000,
      'mid-clip, with a clip being written',
    );
    // What the clip in progress holds at the kill: its last write (a loaded machine can hold the camera's frames back
    // for seconds, so the recording is measured against what was written, not against the wall clock).
    const inProgress = readdirSync(clipDir).filter((n) => n.endsWith('.partial.mp4'));
    const writtenAt = Math.max(...inProgress.map((n) => statSync(join(clipDir, n)).mtimeMs));
    const killedAt = Date.now();
    child.kill('SIGKILL');
    const indexedBefore = (await clipsIndexed(crashCamera)).map((r) => r.start_ms);
    // the ffmpeg it left behind keeps writing until the next recorder ends it
    expect(readdirSync(clipDir).some((n) => n.endsWith('.partial.mp4'))).toBe(true);

    const { Recorders } = await import('../../media/recorders.js');
    const { MediaStore } = await import('../../media/media-store.js');
    const { ClipsRepository } = await import('./clips.repository.js');
    const clips = new ClipsRepository(ctx.database.db, ctx.clock);
    const log = { info: () => undefined, warn: () => undefined };
    const restarted = new Recorders(
      {
        store: new MediaStore(ctx.config.video.mediaDir),
        index: clips,
        ffmpeg,
        clock: { now: () => Date.now() },
        clipSeconds: CRASH_CLIP_SECONDS,
        hlsSeconds: 1,
        log,
      },
      clips,
      { maxBytes: 0 },
    );
    await restarted.sync([{ uuid: crashCamera, url: rtsp.url('/test/crash') }]);
    await restarted.stopAll();

    const after = await clipsIndexed(crashCamera);
    for (const start of indexedBefore) expect(after.map((r) => r.start_ms)).toContain(start);
    // every clip finished before the kill is indexed: at most the one in progress is missing
    const lastBefore = Math.max(...indexedBefore);
    // A clip ends at the first keyframe after its boundary (up to 1 s later), so allow that before calling it finished.
    const finishedBeforeKill = Math.floor((killedAt - lastBefore - 1000) / (CRASH_CLIP_SECONDS * 1000)) - 1;
    expect(after.filter((r) => r.start_ms > lastBefore && r.start_ms < killedAt).length).toBeGreaterThanOrEqual(
      Math.max(0, finishedBeforeKill),
    );
    for (const row of after) {
      const path = join(ctx.config.video.mediaDir, row.file);
      expect(existsSync(path)).toBe(true);
      expect(await probeDuration(ffmpeg, path)).not.toBeNull();
    }
    // No clip written before the kill is left unfinished. (A clip opened after it, by the orphaned ffmpeg or the new
    // connection, was seen left over in 2 of 5 CI runs, cause not yet found: the next start recovers it, as any.)
    const opened = (name: string) => {
      const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.partial\.mp4$/.exec(name);
      return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : 0;
    };
    const leftOver = readdirSync(clipDir).filter((n) => n.endsWith('.partial.mp4'));
    expect(leftOver.filter((n) => opened(n) < Math.floor(killedAt / 1000) * 1000)).toEqual([]);
    // The clip in progress is kept too, up to its last whole fragment (key frames are 1 s apart): the recording reaches
    // to within 1.5 s of its last write before the kill. Had it been lost, it would end at the last clip boundary, before
    // every fragment the clip in progress had written.
    const reached = Math.max(...after.filter((r) => r.start_ms < killedAt).map((r) => r.start_ms + r.duration_ms));
    expect(writtenAt - reached).toBeLessThan(1500);
  }, 90_000);
});
