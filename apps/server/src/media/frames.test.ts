import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ElopementAlert, EventsReply } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE, bearer, createTestContext, detectorKey, sendBatch, type TestContext } from '../../test/harness.js';
import { frameArgs, posterCrop, resolveFfmpeg } from './ffmpeg.js';
import { liveSegmentAt } from './frames.js';
import { FrameAvailability, recordingGaps } from './frame-availability.js';
import { MediaSigner } from './signing.js';

const EXIT = 'c1a00001-0000-4000-8000-00000000a001';
const MARGARET = 'f0ce0001-0000-4000-8000-00000000a001';

describe('frame arguments', () => {
  it('seek, crop in fractions of the frame and scale without upscaling', () => {
    const args = frameArgs('/c.mp4', 12.5, '/o.jpg', 240, { x: 0.1, y: 0.2, w: 0.3, h: 0.4 });
    expect(args.slice(args.indexOf('-ss'), args.indexOf('-ss') + 2)).toEqual(['-ss', '12.500']);
    expect(args[args.indexOf('-vf') + 1]).toBe("crop=w=iw*0.3000:h=ih*0.4000:x=iw*0.1000:y=ih*0.2000,scale='min(240,iw)':-2");
  });
  it('grow a face box into a head-and-shoulders poster that stays inside the frame', () => {
    const poster = posterCrop({ x: 0.4, y: 0.2, w: 0.1, h: 0.2 }, 0.5);
    expect([poster.x, poster.y, poster.w, poster.h].map((n) => n.toFixed(6))).toEqual(['0.350000', '0.100000', '0.200000', '0.400000']);
    const edge = posterCrop({ x: 0, y: 0.9, w: 0.1, h: 0.1 });
    expect(edge.x).toBe(0);
    expect(edge.y + edge.h).toBeLessThanOrEqual(1);
  });
});

describe('the live segment holding a moment', () => {
  const playlist = [
    '#EXTM3U',
    '#EXT-X-MEDIA-SEQUENCE:9',
    '#EXTINF:1.000,',
    'seg9.ts',
    '#EXTINF:0.500,',
    'seg10.ts',
    '#EXTINF:1.000,',
    'seg11.ts',
  ].join('\n');
  // each segment's mtime is its end on the wall clock
  const ends: Record<string, number> = { 'seg9.ts': 10_000, 'seg10.ts': 10_500, 'seg11.ts': 11_500 };
  const endOf = (file: string) => ends[file] ?? null;
  it('is found from the durations and the end times, with the offset into it', () => {
    expect(liveSegmentAt(playlist, endOf, 9_250)).toEqual({ file: 'seg9.ts', offsetSeconds: 0.25 });
    expect(liveSegmentAt(playlist, endOf, 10_200)).toEqual({ file: 'seg10.ts', offsetSeconds: 0.2 });
    expect(liveSegmentAt(playlist, endOf, 11_000)).toEqual({ file: 'seg11.ts', offsetSeconds: 0.5 });
  });
  it('skips the burst of segments written at once right after a camera connects', () => {
    const start = [
      '#EXTM3U',
      '#EXTINF:1795337263.171,',
      'seg0.ts',
      '#EXTINF:1.000,',
      'seg1.ts',
      '#EXTINF:1.000,',
      'seg2.ts',
      '#EXTINF:1.000,',
      'seg3.ts',
    ].join('\n');
    const burst: Record<string, number> = { 'seg0.ts': 20_000, 'seg1.ts': 20_001, 'seg2.ts': 20_002, 'seg3.ts': 21_000 };
    expect(liveSegmentAt(start, (f) => burst[f] ?? null, 19_500)).toBeNull();
    expect(liveSegmentAt(start, (f) => burst[f] ?? null, 20_500)).toEqual({ file: 'seg3.ts', offsetSeconds: 0.5 });
  });
  it('is none before the window or after the newest segment (not written yet)', () => {
    expect(liveSegmentAt(playlist, endOf, 8_000)).toBeNull();
    expect(liveSegmentAt(playlist, endOf, 12_000)).toBeNull();
    expect(liveSegmentAt(playlist, () => null, 9_500)).toBeNull();
  });
});

let ctx: TestContext;
let ffmpeg: string | null;
beforeAll(async () => {
  ctx = await createTestContext();
  ffmpeg = await resolveFfmpeg();
});
afterAll(() => ctx.close());

describe('which moments can be pictured', () => {
  const clip = (start_ms: number, duration_ms = 10_000) => ({ start_ms, duration_ms });
  it('gaps are the stretches between clips longer than a second; clips that meet or overlap make none', () => {
    const clips = [clip(0), clip(10_000), clip(20_400), clip(29_000), clip(45_000)];
    expect(recordingGaps(clips, null)).toEqual({ gaps: [{ start: 39_000, end: 45_000 }], end: 55_000 });
    // from where an earlier scan ended
    expect(recordingGaps([clip(60_000)], 55_000).gaps).toEqual([{ start: 55_000, end: 60_000 }]);
    expect(recordingGaps([], 55_000)).toEqual({ gaps: [], end: 55_000 });
  });

  it('a link only for a recorded moment or a live camera’s last seconds, the archive read again from its last clip', async () => {
    const clock = { t: 1_000_000, now: () => clock.t };
    const stored = [clip(0), clip(10_000), clip(30_000)];
    const from: number[] = [];
    const clips = {
      coverage: async () => ({ first: stored[0]!.start_ms, lastEnd: Math.max(...stored.map((c) => c.start_ms + c.duration_ms)) }),
      spansFrom: async (_camera: string, ms: number) => {
        from.push(ms);
        return stored.filter((c) => c.start_ms >= ms);
      },
    };
    const streaming = new Set<string>();
    const frames = new FrameAvailability({ clips, clock, liveWindowMs: 5_000, streaming: (c) => streaming.has(c) });
    await frames.prepare(['a']);
    expect([5_000, 15_000, 25_000, 35_000, 40_000].map((at) => frames.has('a', at))).toEqual([true, true, false, true, false]);
    // A moment of the last seconds: only while the camera streams live.
    expect(frames.has('a', clock.t - 1_000)).toBe(false);
    streaming.add('a');
    await frames.prepare(['a']);
    expect(frames.has('a', clock.t - 1_000)).toBe(true);
    expect(frames.has('a', clock.t - 6_000)).toBe(false);
    // A new clip after a second gap: read from the last clip seen, not from the start.
    stored.push(clip(50_000));
    clock.t += 6_000;
    await frames.prepare(['a']);
    expect(from).toEqual([0, 30_000]);
    expect([25_000, 45_000, 55_000, 60_000].map((at) => frames.has('a', at))).toEqual([false, false, true, false]);
    // Retention removed the first clips: the gap before the new start goes with them.
    stored.splice(0, 2);
    clock.t += 6_000;
    await frames.prepare(['a']);
    expect([5_000, 25_000, 35_000].map((at) => frames.has('a', at))).toEqual([false, false, true]);
    // A camera never recorded has nothing.
    await frames.prepare(['b']);
    expect(frames.has('b', 5_000)).toBe(false);
  });
});

describe('pictures of events and alerts', () => {
  it('are cut from the recorded clip at the moment, on first request, and 404 where nothing was recorded', async (test) => {
    if (!ffmpeg) return test.skip();
    // A real 10 s clip, as the recorder would have written and indexed it.
    const start = Date.parse('2026-02-01T10:00:00Z');
    const rel = `clips/${EXIT}/test-clip.mp4`;
    const file = join(ctx.config.video.mediaDir, rel);
    mkdirSync(join(ctx.config.video.mediaDir, 'clips', EXIT), { recursive: true });
    execFileSync(ffmpeg, [
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=640x360:rate=10',
      '-t',
      '10',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-y',
      file,
    ]);
    await ctx.database.db
      .insertInto('clips')
      .values([
        { camera_uuid: EXIT, start_ms: start, duration_ms: 10_000, size_bytes: statSync(file).size, file: rel, created_at: start },
        // The recorder was down for 20 s: the next clip starts at +30 s.
        { camera_uuid: EXIT, start_ms: start + 30_000, duration_ms: 10_000, size_bytes: statSync(file).size, file: rel, created_at: start },
      ])
      .execute();
    const manager = await ctx.signIn('manager@maple.example');
    const key = await detectorKey(ctx, manager, MAPLE);
    const ingest = await sendBatch(ctx, key, {
      events: [
        { camera_uuid: EXIT, started_at: new Date(start + 4_000).toISOString(), objects: [{ name: 'person', confidence: 0.9 }] },
        { camera_uuid: EXIT, started_at: new Date(start + 60_000).toISOString(), objects: [{ name: 'person', confidence: 0.9 }] },
        { camera_uuid: EXIT, started_at: new Date(start + 20_000).toISOString(), objects: [{ name: 'person', confidence: 0.9 }] },
        { camera_uuid: EXIT, started_at: new Date(start + 35_000).toISOString(), objects: [{ name: 'person', confidence: 0.9 }] },
      ],
      faces: [
        {
          camera_uuid: EXIT,
          captured_at: new Date(start + 5_000).toISOString(),
          frontend_face_uuid: MARGARET,
          confidence: 0.97,
          box: { x: 0.4, y: 0.3, w: 0.1, h: 0.2 },
        },
      ],
    });
    expect(ingest.statusCode, ingest.body).toBe(200);
    const events = await ctx.app.inject({
      method: 'GET',
      url: `/api/events/v1/alerts?domain_uuid=${MAPLE}&camera_uuid=${EXIT}&since=${new Date(start).toISOString()}&until=${new Date(start + 3_600_000).toISOString()}`,
      headers: bearer(manager),
    });
    const at = (offset: number) => events.json<EventsReply>().data.find((e) => Date.parse(e.info.started_at) === start + offset)!;
    const [unrecorded, recorded, inGap, afterGap] = [at(60_000), at(4_000), at(20_000), at(35_000)];
    // Between two clips (the recorder was down) there is no link either; the clip after the gap has its picture.
    expect(inGap.thumbnail_uri).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: afterGap.thumbnail_uri! })).statusCode).toBe(200);
    const picture = await ctx.app.inject({ method: 'GET', url: recorded!.thumbnail_uri! });
    expect(picture.statusCode, picture.body).toBe(200);
    expect(picture.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // outside the recorded span there is no link at all, and a link made anyway finds nothing
    expect(unrecorded!.thumbnail_uri).toBeNull();
    const forged = recorded!.thumbnail_uri!.replace(recorded!.id, unrecorded!.id);
    expect((await ctx.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    const signed = new MediaSigner(ctx.config.secret).sign(`frames/event/${unrecorded!.id}.jpg`, Date.now() + 60_000);
    const nothing = await ctx.app.inject({ method: 'GET', url: signed });
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json()).toMatchObject({ error: 'There is no recording of this moment (yet).' });
    expect(
      (await ctx.app.inject({ method: 'GET', url: recorded!.thumbnail_uri!.replace(/\.[\w-]{32}\//, `.${'A'.repeat(32)}/`) })).statusCode,
    ).toBe(403);

    const alerts = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/faces/alerts?domainUUID=${MAPLE}&since=${new Date(start).toISOString()}`,
      headers: bearer(manager),
    });
    const alert = alerts.json<{ alerts: ElopementAlert[] }>().alerts.find((a) => a.event_ts === Math.floor((start + 5_000) / 1000))!;
    const [poster, full] = await Promise.all([alert.posterFrame!, alert.fullFrame!].map((url) => ctx.app.inject({ method: 'GET', url })));
    expect(poster!.statusCode).toBe(200);
    expect(full!.statusCode).toBe(200);
    // The poster is the face crop: smaller than the whole frame.
    expect(poster!.rawPayload.length).toBeLessThan(full!.rawPayload.length);
  });
});
