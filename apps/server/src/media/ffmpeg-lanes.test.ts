import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE, createTestContext, detectorKey, sendBatch, type TestContext } from '../../test/harness.js';
import { EXIT } from '../../test/demo-ids.js';
import { ClipsRepository } from '../modules/video/clips.repository.js';
import { FacesRepository } from '../modules/faces/faces.repository.js';
import { resolveFfmpeg } from './ffmpeg.js';
import { FfmpegLanes } from './ffmpeg-lanes.js';
import { FrameService } from './frames.js';
import { MediaStore } from './media-store.js';

// Alert pictures never wait behind reports: report work (a tenant PDF's door crops) has its own, lower-priority
// ffmpeg lane. Checked by the order of events, never by timing.

/** Records when each claim starts, in order. */
function recorder() {
  const events: string[] = [];
  const track = (name: string, started: Promise<void>) => void started.then(() => events.push(name));
  return { events, track };
}
/** Lets every promise that can settle now settle. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('ffmpeg lanes', () => {
  it('start an alert job at once while the report lane is busy with a queue behind it', async () => {
    const lanes = new FfmpegLanes({ alerts: 2, reports: 1 });
    const { events, track } = recorder();
    const reports = [1, 2, 3].map((i) => {
      const claim = lanes.claim('reports');
      track(`report ${i}`, claim.started);
      return claim;
    });
    const alert = lanes.claim('alerts');
    track('alert', alert.started);
    await alert.started;
    await settle();
    expect(events).toEqual(['report 1', 'alert']);
    alert.release();
    reports[0]!.release();
    await reports[1]!.started;
    reports[1]!.release();
    await reports[2]!.started;
    expect(events).toEqual(['report 1', 'alert', 'report 2', 'report 3']);
  });

  it('never give report work an alert slot, and keep alerts in the order asked', async () => {
    const lanes = new FfmpegLanes({ alerts: 2, reports: 1 });
    const { events, track } = recorder();
    const alerts = [1, 2, 3].map((i) => {
      const claim = lanes.claim('alerts');
      track(`alert ${i}`, claim.started);
      return claim;
    });
    const report = lanes.claim('reports');
    track('report', report.started);
    const second = lanes.claim('reports');
    track('second report', second.started);
    await settle();
    expect(events).toEqual(['alert 1', 'alert 2', 'report']);
    alerts[1]!.release();
    await alerts[2]!.started;
    await settle();
    expect(events).toEqual(['alert 1', 'alert 2', 'report', 'alert 3']);
  });

  it('move a queued report job to the alert lane when an alert needs the same picture', async () => {
    const lanes = new FfmpegLanes({ alerts: 2, reports: 1 });
    const { events, track } = recorder();
    const busy = lanes.claim('reports');
    const queued = lanes.claim('reports');
    track('queued', queued.started);
    await settle();
    expect(events).toEqual([]);
    queued.promote('alerts');
    await queued.started;
    expect(events).toEqual(['queued']);
    queued.release();
    busy.release();
  });
});

let ctx: TestContext;
let ffmpeg: string | null;
beforeAll(async () => {
  ctx = await createTestContext();
  ffmpeg = await resolveFfmpeg();
});
afterAll(() => ctx.close());

describe('pictures while the report lane is full', () => {
  it('an alert picture is cut from the recording at once; the report work waits; the same picture asked by both is not held', async (test) => {
    if (!ffmpeg) return test.skip();
    const start = Date.now() - 3600_000;
    const rel = `clips/${EXIT}/lanes-clip.mp4`;
    const file = join(ctx.config.video.mediaDir, rel);
    mkdirSync(join(ctx.config.video.mediaDir, 'clips', EXIT), { recursive: true });
    const source = ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=5', '-t', '10'];
    execFileSync(ffmpeg, [...source, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-y', file]);
    await ctx.database.db
      .insertInto('clips')
      .values({ camera_uuid: EXIT, start_ms: start, duration_ms: 10_000, size_bytes: statSync(file).size, file: rel, created_at: start })
      .execute();
    const manager = await ctx.signIn('manager@maple.example');
    const key = await detectorKey(ctx, manager, MAPLE);
    // Faces without crops: each poster is cut from the clip.
    const ids = Array.from({ length: 4 }, () => randomUUID());
    const faces = ids.map((id, i) => ({
      runtime_face_uuid: id,
      camera_uuid: EXIT,
      captured_at: new Date(start + 1_000 + i * 2_000).toISOString(),
      frontend_face_uuid: null,
      confidence: 0.3,
      box: { x: 0.4, y: 0.3, w: 0.2, h: 0.3 },
    }));
    expect((await sendBatch(ctx, key, { faces })).statusCode).toBe(200);

    const faceRows = new FacesRepository(ctx.database.db);
    const lanes = new FfmpegLanes({ alerts: 2, reports: 1 });
    const frames = new FrameService({
      store: new MediaStore(ctx.config.video.mediaDir),
      clips: new ClipsRepository(ctx.database.db, ctx.clock),
      ffmpeg,
      lookup: async (_kind, id) => {
        const d = await faceRows.detection(id);
        return d && { camera: d.camera_uuid, at: d.captured_at, box: d.box ? JSON.parse(d.box) : null };
      },
      clock: ctx.clock,
      liveWindowMs: 30_000,
      lanes,
    });
    const [a, b, shared, alertOnly] = ids as [string, string, string, string];
    // The report lane is full: its one slot is held, two report pictures queue behind it.
    const held = lanes.claim('reports');
    await held.started;
    const settled: string[] = [];
    const reportWork = [a, b, shared].map((id) => frames.read('poster', id, 'reports').then((jpeg) => (settled.push(id), jpeg)));
    const alertPicture = await frames.read('poster', alertOnly);
    expect(alertPicture?.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // An alert asks for a picture a report is waiting for: it is made now, in the alert lane.
    const sharedPicture = await frames.read('poster', shared);
    expect(sharedPicture?.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    await settle();
    expect(settled, 'the other report pictures still wait for the report lane').toEqual([shared]);
    held.release();
    const made = await Promise.all(reportWork);
    expect(made.every((jpeg) => jpeg?.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])))).toBe(true);
  });
});
