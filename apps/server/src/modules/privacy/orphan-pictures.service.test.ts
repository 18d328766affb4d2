import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ingestBatchSchema } from '@vigil/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Principal } from '../../auth/principal.js';
import type { DetectorRow } from '../../db/schema.js';
import { MediaStore } from '../../media/media-store.js';
import { MAPLE } from '../../../test/harness.js';
import { EDITH, GRACE, HALLWAY, MARGARET, WALTER } from '../../../test/demo-ids.js';
import { jpegBytes } from '../../../test/pictures.js';
import { serviceErasure } from '../../../test/service-erasure.js';
import { createServiceContext, type ServiceContext } from '../../../test/service-context.js';
import type { DetectorPictures } from '../ingest/ingest-pictures.js';
import { IngestService } from '../ingest/ingest.service.js';
import { loadConfig } from '../../config.js';
import { ORPHAN_GRACE_MS } from './orphan-pictures.js';
import { standaloneRetention } from './privacy.wiring.js';
import { createOrphanPictureSweep } from './orphan-pictures.wiring.js';

// Picture files no row points to (issue 36): written after the ingest commit while an erasure of the face commits, or
// left after an erasure's commit (the process stopped before deleting them), or a registry photo whose row never
// committed. The sweep deletes them once past the grace period, a bounded number per run; what a row names stays.

let ctx: ServiceContext;
let staff: Principal;
let detector: DetectorRow;
let jpeg: string;
const elsewhere = mkdtempSync(join(tmpdir(), 'vigil-orphans-elsewhere-'));
const silent = { warn: () => undefined, info: () => undefined };

beforeAll(async () => {
  ctx = await createServiceContext();
  staff = await ctx.principal('staff@vigil.example');
  detector = (await ctx.detectors.issue(MAPLE, 'orphan pictures test', ['detector'], null)).detector;
  jpeg = (await jpegBytes(64)).toString('base64');
});
// Files are stamped by the wall clock: each test starts with the context's clock on it.
beforeEach(() => ctx.clock.reset());
afterAll(async () => {
  await ctx.close();
  rmSync(elsewhere, { recursive: true, force: true });
});

/** A face of `person` with its crop and frame, as an analyzer sends it. */
const face = (person: string | null, id = randomUUID()) => ({
  runtime_face_uuid: id,
  camera_uuid: HALLWAY,
  captured_at: new Date(ctx.clock.now() - 1000).toISOString(),
  ...(person && { frontend_face_uuid: person }),
  confidence: 0.95,
  crop: jpeg,
  frame: jpeg,
});

/** Ingest as the server wires it, keeping pictures through `pictures`. */
const ingestWith = (pictures: DetectorPictures) =>
  new IngestService({
    db: ctx.database.db,
    dialect: ctx.database.dialect,
    clock: ctx.clock,
    cameras: ctx.repos.cameras,
    domains: ctx.repos.domains,
    events: ctx.repos.events,
    faces: ctx.faces,
    alerts: ctx.alerts,
    rules: ctx.settings,
    detectors: ctx.repos.detectors,
    notifier: { objectAlerts: () => undefined, elopementAlerts: () => undefined },
    pictures,
    log: silent,
  });

/** A person's erasure as the server wires it, deleting pictures from `store`. */
const erase = (person: string, store: MediaStore = ctx.store) => serviceErasure(ctx, { store }).erase(staff, person);

const sweep = (maxFiles?: number) =>
  createOrphanPictureSweep({
    db: ctx.database.db,
    repos: ctx.repos,
    store: ctx.store,
    clock: ctx.clock,
    ...(maxFiles !== undefined && { maxFiles }),
  });
const pictured = (id: string) => ({ poster: ctx.pictures.exists('poster', id), face: ctx.pictures.exists('face', id) });
/** A file in the media folder, as a process that stopped half-way would leave it. */
const leave = (rel: string) => {
  const absolute = join(ctx.store.root, rel);
  mkdirSync(dirname(absolute), { recursive: true });
  writeFileSync(absolute, Buffer.from(jpeg, 'base64'));
};
const present = (rel: string) => ctx.store.exists(rel);
/** Past the grace period for every file written so far. */
const pastGrace = () => ctx.clock.advance(ORPHAN_GRACE_MS + 60_000);

describe('pictures written after the ingest commit', () => {
  it('an erasure committing while ingest writes a face’s pictures leaves none of them behind, before the sweep and after', async () => {
    let reached!: () => void;
    const writing = new Promise<void>((resolve) => (reached = resolve));
    let go!: () => void;
    const held = new Promise<void>((resolve) => (go = resolve));
    const writes: Promise<void>[] = [];
    // The batch has committed Edith's face; its pictures are written once the erasure has committed.
    const ingest = ingestWith({
      keep: (kind, id, bytes) => {
        const write = (async () => {
          reached();
          await held;
          ctx.pictures.keep(kind, id, bytes);
        })();
        writes.push(write);
        return write;
      },
      forget: (of, ids) => ctx.pictures.forget(of, ids),
    });
    const edith = face(EDITH);
    const batch = ingest.ingest(detector, ingestBatchSchema.parse({ faces: [edith] }));
    await writing;
    const receipt = await erase(EDITH);
    expect(receipt.counts.detections_matched).toBe(1);
    expect(receipt.counts.pictures).toBe(0);
    go();
    await batch;
    await Promise.all(writes);
    expect(pictured(edith.runtime_face_uuid)).toEqual({ poster: false, face: false });

    pastGrace();
    await sweep().run();
    expect(pictured(edith.runtime_face_uuid)).toEqual({ poster: false, face: false });
  });
});

describe('the orphan-picture sweep', () => {
  it('deletes picture files no row names once past the grace period, and keeps those a row names', async () => {
    // Kept: Margaret's face with its pictures, an event with its frame, Grace's registry photo.
    const margaret = face(MARGARET);
    await ctx.ingest.ingest(
      detector,
      ingestBatchSchema.parse({
        faces: [margaret],
        events: [
          {
            camera_uuid: HALLWAY,
            started_at: new Date(ctx.clock.now() - 1000).toISOString(),
            objects: [{ name: 'person', confidence: 0.9 }],
            source_id: 'orphan-test-event',
            frame: jpeg,
          },
        ],
      }),
    );
    const event = await ctx.database.db
      .selectFrom('events')
      .select('id')
      .where('source_id', '=', 'orphan-test-event')
      .executeTakeFirstOrThrow();
    await ctx.writer.setPhoto(GRACE, 'front', jpeg);
    const photo = await ctx.database.db.selectFrom('face_images').selectAll().where('face_uuid', '=', GRACE).executeTakeFirstOrThrow();
    const kept = [
      `frames/poster/${margaret.runtime_face_uuid}.jpg`,
      `frames/face/${margaret.runtime_face_uuid}.jpg`,
      `frames/event/${event.id}.jpg`,
      photo.file,
      photo.thumbnail_file,
    ];

    // Left: Walter's pictures after his erasure committed (it deleted another folder's: as if it stopped before
    // deleting them), pictures and a photo no row ever named, writes cut short, and a file that is no picture.
    const walter = face(WALTER);
    await ctx.ingest.ingest(detector, ingestBatchSchema.parse({ faces: [walter] }));
    await erase(WALTER, new MediaStore(elsewhere));
    const nobody = randomUUID();
    const stray = randomUUID();
    const orphans = [
      `frames/poster/${walter.runtime_face_uuid}.jpg`,
      `frames/face/${walter.runtime_face_uuid}.jpg`,
      `frames/clahe/${nobody}.jpg`,
      `frames/event/${randomUUID()}.jpg`,
      `people/${stray}/${randomUUID()}.jpg`,
      `people/${stray}/${randomUUID()}.thumb.jpg`,
      `frames/poster/${randomUUID()}.4242.part.jpg`,
      `${photo.file}.partial`,
    ];
    for (const rel of orphans.slice(2)) leave(rel);
    leave('frames/poster/notes.txt');
    expect([...kept, ...orphans].filter((rel) => !present(rel))).toEqual([]);

    // Within the grace period nothing goes (a photo is written before its row commits).
    expect(await sweep().run()).toBe(0);
    expect([...kept, ...orphans].filter((rel) => !present(rel))).toEqual([]);

    pastGrace();
    expect(await sweep().run()).toBe(orphans.length);
    expect(orphans.filter(present)).toEqual([]);
    expect(kept.filter((rel) => !present(rel))).toEqual([]);
    expect(present('frames/poster/notes.txt')).toBe(true);
    expect(await sweep().run()).toBe(0);
  });

  it('deletes at most its bound per run, the rest in the next runs', async () => {
    const orphans = Array.from({ length: 5 }, () => `frames/poster/${randomUUID()}.jpg`);
    for (const rel of orphans) leave(rel);
    pastGrace();
    expect([await sweep(2).run(), await sweep(2).run(), await sweep(2).run(), await sweep(2).run()]).toEqual([2, 2, 1, 0]);
    expect(orphans.filter(present)).toEqual([]);
  });

  it('runs as the retention sweep’s last part (the server’s and the CLI’s)', async () => {
    const orphan = `frames/face/${randomUUID()}.jpg`;
    leave(orphan);
    pastGrace();
    const config = loadConfig({ VIGIL_DATA_DIR: elsewhere, VIGIL_RETENTION_SWEEP_MINUTES: 'off' });
    await standaloneRetention(
      ctx.database,
      { retention: config.retention, video: { ...config.video, mediaDir: ctx.store.root } },
      ctx.clock,
    ).sweep.run();
    expect(present(orphan)).toBe(false);
  });
});
