import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IngestBatch, IngestFace } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyzer, type AnalyzerSettings } from './analyzer.js';
import { ModelPool } from './model-pool.js';
import { decode } from './models.js';
import type { Frame } from './frames.js';

// A camera marked an exit while the analyzer holds it (issue 37): the change arrives through the change channel's long
// poll, not at the next heartbeat (this server's heartbeats come once an hour), and the very next frame's face is sent
// at once, alone and before its pictures; marked off again, the next face goes with its pictures in the ordinary way.
// Real models on a worker, against a scripted server whose long poll holds its answer until the state changes.
const DOMAIN = 'd0000000-0000-4000-8000-000000000002';
const GRACE = 'f0000000-0000-4000-8000-000000000002';
const DOOR = 'c0000000-0000-4000-8000-0000000000d1';
const portrait = readFileSync(join(import.meta.dirname, '../../../media/grace_hopper_512x512.jpg'));

let server: Server;
let url: string;
let exit = false;
let heartbeats = 0;
const batches: IngestBatch[] = [];
/** long polls waiting for the state to change */
const waiting = new Set<ServerResponse>();

const version = () => `door:${exit ? 1 : 0}`;
const state = () => ({ ok: true, version: version(), cameras: [{ camera_uuid: DOOR, is_exit: exit }] });
const json = (res: ServerResponse, value: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
/** The door is marked an exit (or not), as a manager's PUT does: every waiting poll answers now. */
const markExit = (value: boolean) => {
  exit = value;
  for (const res of waiting) json(res, { ...state(), changed: true });
  waiting.clear();
};

const body = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

beforeAll(async () => {
  server = createServer((req, res) => {
    void (async () => {
      const path = req.url ?? '';
      const text = await body(req);
      if (path.startsWith('/api/ingest/v1/analyzers/heartbeat')) {
        heartbeats += 1;
        return json(res, {
          ok: true,
          lease_seconds: 3600,
          heartbeat_seconds: 3600,
          changes_version: version(),
          assignments: [
            {
              camera_uuid: DOOR,
              domain_uuid: DOMAIN,
              description: 'Garden door',
              is_exit: exit,
              live_url: `/no-video/${DOOR}/index.m3u8`,
              stream_url: `/no-video/${DOOR}/stream.mp4`,
              lease_expires_at: new Date(Date.now() + 3600_000).toISOString(),
            },
          ],
        });
      }
      if (path.startsWith('/api/ingest/v1/analyzers/changes')) {
        const since = new URL(path, 'http://x').searchParams.get('since');
        if (since !== version()) return json(res, { ...state(), changed: true });
        waiting.add(res);
        res.on('close', () => waiting.delete(res));
        return;
      }
      if (path.startsWith('/api/ingest/v1/gallery/embeddings')) return json(res, { ok: true, stored: 1 });
      if (path.startsWith('/api/ingest/v1/gallery'))
        return json(res, {
          ok: true,
          changed: true,
          version: '1',
          people: [
            {
              frontend_face_uuid: GRACE,
              images: [{ uuid: 'a0000000-0000-4000-8000-000000000002', orientation: 'front', url: '/photo.jpg' }],
            },
          ],
          model: null,
        });
      if (path === '/photo.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(portrait);
      if (path === '/api/ingest/v1/batch') {
        batches.push(JSON.parse(text) as IngestBatch);
        return json(res, {
          ok: true,
          events: { accepted: 0, duplicates: 0 },
          faces: { accepted: 0, duplicates: 0 },
          alerts: 0,
          elopement_alerts: 0,
        });
      }
      res.writeHead(404).end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  for (const res of waiting) res.destroy();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const until = async (what: () => boolean, ms: number, label: string) => {
  const deadline = Date.now() + ms;
  while (!what()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
/** Every time a face of the door was sent, in order (a face sent at once comes again with its pictures). */
const doorFaces = (): IngestFace[] => batches.flatMap((b) => (b.faces ?? []).filter((f) => f.camera_uuid === DOOR));
/** The batches that carried a face of this frame (by the time it was filmed). */
const sendsOf = (capturedAt: number) =>
  batches.filter((b) => (b.faces ?? []).some((f) => f.camera_uuid === DOOR && Date.parse(f.captured_at) === capturedAt));

describe('a camera marked an exit while held', () => {
  it('has its next face sent at once, alone and before its pictures; marked off, the next face goes the ordinary way', async () => {
    const pool = await ModelPool.create(1);
    const logs: string[] = [];
    const settings: AnalyzerSettings = {
      serverUrl: url,
      key: 'vgd_test',
      name: 'exit changes test',
      capacity: 8,
      fps: 1,
      exitFps: 4,
      workers: 1,
      maxWaitMs: 5_000,
      objectIntervalMs: 60_000,
      minMatchConfidence: 0.9,
      maxWidth: 640,
      ffmpeg: '/usr/bin/ffmpeg',
      galleryPollMs: 200,
      trace: true,
    };
    const analyzer = new Analyzer(settings, pool, { info: (m) => logs.push(m), warn: (m) => logs.push(m) });
    try {
      analyzer.start();
      await until(() => logs.some((l) => l.startsWith(`gallery of ${DOMAIN}: 1 people`)), 60_000, 'the gallery');
      await until(() => waiting.size === 1, 10_000, 'the change channel open');
      const decoded = await decode(portrait);
      let filmed = Date.now();
      /** The portrait, a second after the last frame, after a grey frame (a still scene is gated out: this one moved). */
      const frame = (): Frame => {
        filmed = Math.max(Date.now(), filmed + 1000);
        analyzer.offer(DOOR, {
          rgb: Buffer.alloc(decoded.rgb.length, 128),
          width: decoded.width,
          height: decoded.height,
          capturedAt: filmed,
        });
        filmed += 1000;
        return { rgb: Buffer.from(decoded.rgb), width: decoded.width, height: decoded.height, capturedAt: filmed };
      };

      // An ordinary camera: the face goes once, with its crop, in the batch of its frame.
      const first = frame();
      analyzer.offer(DOOR, first);
      await until(() => sendsOf(first.capturedAt).length >= 1, 30_000, 'the first face');
      expect(sendsOf(first.capturedAt)).toHaveLength(1);
      expect(sendsOf(first.capturedAt)[0]!.faces![0]).toMatchObject({ frontend_face_uuid: GRACE });
      expect(sendsOf(first.capturedAt)[0]!.faces![0]!.crop).toBeDefined();
      expect(sendsOf(first.capturedAt)[0]!.faces![0]!.frame).toBeUndefined();

      markExit(true);
      await until(() => logs.includes('camera Garden door is now an exit'), 10_000, 'the change applied');
      const second = frame();
      analyzer.offer(DOOR, second);
      await until(() => sendsOf(second.capturedAt).length >= 2, 30_000, 'the exit face and its pictures');
      const [urgent, pictures] = sendsOf(second.capturedAt);
      expect(urgent!.faces).toHaveLength(1);
      expect(urgent!.faces![0]).toMatchObject({ frontend_face_uuid: GRACE });
      expect(urgent!.faces![0]!.crop).toBeUndefined();
      const withPictures = pictures!.faces!.find((f) => f.runtime_face_uuid === urgent!.faces![0]!.runtime_face_uuid)!;
      expect(withPictures.crop).toBeDefined();
      expect(withPictures.frame).toBeDefined();
      expect(logs.some((l) => /^trace camera Garden door: first frame as an exit's analysed at \d+/.test(l))).toBe(true);

      markExit(false);
      await until(() => logs.includes('camera Garden door is no longer an exit'), 10_000, 'the change back applied');
      const third = frame();
      analyzer.offer(DOOR, third);
      await until(() => sendsOf(third.capturedAt).length >= 1, 30_000, 'the third face');
      // Stopping waits for analyses under way and what is being sent: nothing more of the third face comes after it.
      await analyzer.stop();
      expect(sendsOf(third.capturedAt)).toHaveLength(1);
      expect(sendsOf(third.capturedAt)[0]!.faces![0]!.crop).toBeDefined();
      expect(sendsOf(third.capturedAt)[0]!.faces![0]!.frame).toBeUndefined();

      // All through the channel: the one heartbeat is the first.
      expect(heartbeats).toBe(1);
      expect(doorFaces()).toHaveLength(4);
    } finally {
      await analyzer.stop();
      await pool.close();
    }
    // Stopping ended the open poll: the analyzer holds no request open once it stopped.
    await until(() => waiting.size === 0, 5_000, 'the poll closed');
  }, 120_000);
});
