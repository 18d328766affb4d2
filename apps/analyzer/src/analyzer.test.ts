import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IngestBatch } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analyzer, type AnalyzerSettings } from './analyzer.js';
import { ModelPool } from './model-pool.js';
import { decode } from './models.js';
import type { Frame } from './frames.js';

// The analyzer's scheduling with the real models on a worker, against a scripted server (heartbeat, gallery, batches):
// which frame is analysed first when an exit's face arrives behind a queue of other cameras' frames, and what is sent.
const DOMAIN = 'd0000000-0000-4000-8000-000000000001';
const GRACE = 'f0000000-0000-4000-8000-000000000001';
const EXIT = 'c0000000-0000-4000-8000-0000000000e1';
const STREETS = [1, 2, 3, 4].map((n) => `c0000000-0000-4000-8000-00000000000${n}`);
const portrait = readFileSync(join(import.meta.dirname, '../../../media/grace_hopper_512x512.jpg'));

let server: Server;
let url: string;
const batches: IngestBatch[] = [];

const body = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

beforeAll(async () => {
  server = createServer((req, res) => {
    void (async () => {
      const path = req.url ?? '';
      const json = (value: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      const text = await body(req);
      if (path.startsWith('/api/ingest/v1/analyzers/heartbeat'))
        return json({
          ok: true,
          lease_seconds: 30,
          heartbeat_seconds: 10,
          assignments: [...STREETS, EXIT].map((camera) => ({
            camera_uuid: camera,
            domain_uuid: DOMAIN,
            description: camera === EXIT ? 'Front door' : `Street ${camera.slice(-1)}`,
            is_exit: camera === EXIT,
            live_url: `/no-video/${camera}/index.m3u8`,
            stream_url: `/no-video/${camera}/stream.mp4`,
            lease_expires_at: new Date(Date.now() + 30_000).toISOString(),
          })),
        });
      if (path.startsWith('/api/ingest/v1/gallery/embeddings')) return json({ ok: true, stored: 1 });
      if (path.startsWith('/api/ingest/v1/gallery'))
        return json({
          ok: true,
          changed: true,
          version: '1',
          people: [
            {
              frontend_face_uuid: GRACE,
              images: [{ uuid: 'a0000000-0000-4000-8000-000000000001', orientation: 'front', url: '/photo.jpg' }],
            },
          ],
          model: null,
        });
      if (path === '/photo.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(portrait);
      if (path === '/api/ingest/v1/batch') {
        batches.push(JSON.parse(text) as IngestBatch);
        return json({
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
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const until = async (what: () => boolean, ms: number, label: string) => {
  const deadline = Date.now() + ms;
  while (!what()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('the analyzer with a model worker', () => {
  it("analyses an exit's face before the frames other cameras queued first, and sends it at once, its pictures after", async () => {
    const pool = await ModelPool.create(1);
    const logs: string[] = [];
    const settings: AnalyzerSettings = {
      serverUrl: url,
      key: 'vgd_test',
      name: 'scheduling test',
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
    };
    const analyzer = new Analyzer(settings, pool, { info: (m) => logs.push(m), warn: (m) => logs.push(m) });
    try {
      analyzer.start();
      await until(() => logs.some((l) => l.startsWith(`gallery of ${DOMAIN}: 1 people`)), 60_000, 'the gallery');
      const order: string[] = [];
      analyzer.onAnalysis = (camera) => order.push(camera);
      const decoded = await decode(portrait);
      const frame = (): Frame => ({ rgb: Buffer.from(decoded.rgb), width: decoded.width, height: decoded.height, capturedAt: Date.now() });
      // Four cameras' frames queue up (the first takes the one worker at once), then the exit's face arrives.
      for (const street of STREETS) analyzer.offer(street, frame());
      analyzer.offer(EXIT, frame());
      await until(() => order.length === 5, 60_000, 'five analyses');
      expect(order).toEqual([STREETS[0], EXIT, ...STREETS.slice(1)]);

      // The exit's face names Grace: it goes alone and without pictures; the same face follows with its crop and frame.
      await until(
        () => batches.flatMap((b) => b.faces ?? []).filter((f) => f.camera_uuid === EXIT).length >= 2,
        30_000,
        'the exit face twice',
      );
      const exitFaces = batches.flatMap((b) => (b.faces ?? []).filter((f) => f.camera_uuid === EXIT));
      const [first, second] = exitFaces;
      expect(first).toMatchObject({ frontend_face_uuid: GRACE });
      expect(first!.crop).toBeUndefined();
      expect(first!.frame).toBeUndefined();
      expect(first!.embedding).toBeDefined();
      expect(second).toMatchObject({ runtime_face_uuid: first!.runtime_face_uuid, frontend_face_uuid: GRACE });
      expect(second!.crop).toBeDefined();
      expect(second!.frame).toBeDefined();
      // the urgent request carried that face alone
      expect(batches.find((b) => b.faces?.some((f) => f === first))?.faces).toHaveLength(1);
      // the other cameras' faces are sent once each, with their crops (no whole frame: they are not exits)
      const streetFaces = () => batches.flatMap((b) => (b.faces ?? []).filter((f) => f.camera_uuid !== EXIT));
      await until(() => streetFaces().length >= 4, 30_000, 'street faces');
      expect(streetFaces()).toHaveLength(4);
      for (const face of streetFaces()) {
        expect(face.crop).toBeDefined();
        expect(face.frame).toBeUndefined();
      }
    } finally {
      await analyzer.stop();
      await pool.close();
    }
  }, 120_000);
});
