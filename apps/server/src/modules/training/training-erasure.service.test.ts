import { randomUUID } from 'node:crypto';
import { ingestBatchSchema } from '@vigil/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Principal } from '../../auth/principal.js';
import { MAPLE } from '../../../test/harness.js';
import { EDITH, GRACE, HALLWAY, MARGARET, WALTER } from '../../../test/demo-ids.js';
import { serviceErasure } from '../../../test/service-erasure.js';
import { createServiceContext, type ServiceContext } from '../../../test/service-context.js';
import { readCalibration } from './model-codec.js';
import { ModelsRepository } from './models.repository.js';
import { ModelsService } from './models.service.js';
import { PersonModelsService } from './person-models.service.js';

// An erasure committing while a training that read the person's data is starting (issue 36): the erasure holds the
// building's lock and has found no training under way; the training starts and reads the building's faces, the
// person's included, before the erasure commits. The model it saves must not bring them back. On SQLite one
// connection serialises them (the training reads after the commit); on PostgreSQL this is the race.

let ctx: ServiceContext;
let staff: Principal;
const silent = { warn: () => undefined, info: () => undefined };
const vector = (seed: number) => Buffer.from(Float32Array.from({ length: 16 }, (_, i) => Math.sin(seed * 7 + i)).buffer).toString('base64');
const tagsOf = new Map<string, string[]>();

beforeAll(async () => {
  ctx = await createServiceContext();
  staff = await ctx.principal('staff@vigil.example');
  const detector = (await ctx.detectors.issue(MAPLE, 'training erasure race', ['detector'], null)).detector;
  const base = Math.floor(ctx.clock.now() / 1000) * 1000 - 3600_000;
  const faces = [MARGARET, WALTER, EDITH, GRACE].flatMap((person, p) =>
    Array.from({ length: 6 }, (_, i) => ({
      runtime_face_uuid: randomUUID(),
      camera_uuid: HALLWAY,
      captured_at: new Date(base + (p * 6 + i) * 1000).toISOString().replace('.000Z', 'Z'),
      frontend_face_uuid: person,
      confidence: 0.9,
      embedding: vector(p * 100 + i / 10),
      embedder: 'race-test@1',
    })),
  );
  await ctx.ingest.ingest(detector, ingestBatchSchema.parse({ faces }));
  for (const person of [MARGARET, WALTER, EDITH, GRACE]) {
    const ids = faces.filter((f) => f.frontend_face_uuid === person).map((f) => f.runtime_face_uuid);
    tagsOf.set(person, ids);
    await ctx.reviews.reviewMatch(ids, person, true, staff.user.id, ctx.clock.now());
  }
});
afterAll(() => ctx.close());

/** A latch: `open()` resolves `opened`. */
function latch(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Until PostgreSQL shows someone waiting for an advisory lock, or `instead` came first. */
async function waitingForLock(instead: Promise<unknown>): Promise<void> {
  let came = false;
  void instead.then(() => (came = true));
  for (let i = 0; i < 1000 && !came; i++) {
    const { rows } = await sql<{ n: string }>`select count(*) as n from pg_locks where locktype = 'advisory' and not granted`.execute(
      ctx.database.db,
    );
    if (Number(rows[0]!.n) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  if (!came) throw new Error('the training never waited for the building lock');
}

/**
 * The erasure as the server wires it, held at one point inside its transaction (it has the building's lock): once it
 * found no training under way, or once it took the person out of the building's models.
 */
function heldErasure(at: 'checked' | 'erased') {
  const reached = latch();
  const go = latch();
  class HeldPersonModels extends PersonModelsService {
    override async checkNoTraining(...args: Parameters<PersonModelsService['checkNoTraining']>): Promise<void> {
      await super.checkNoTraining(...args);
      if (at !== 'checked') return;
      reached.open();
      await go.opened;
    }
    override async erase(...args: Parameters<PersonModelsService['erase']>): Promise<number> {
      const knew = await super.erase(...args);
      if (at !== 'erased') return knew;
      reached.open();
      await go.opened;
      return knew;
    }
  }
  const { erase } = serviceErasure(ctx, { models: new HeldPersonModels({ models: ctx.repos.models }) });
  return { erase: (person: string) => erase(staff, person), reached: reached.opened, go: go.open };
}

/** The models service as the server wires it, on `repository`. */
const modelsOn = (repository: ModelsRepository) =>
  new ModelsService({
    db: ctx.database.db,
    dialect: ctx.database.dialect,
    models: repository,
    clock: ctx.clock,
    log: silent,
    consent: ctx.faces,
  });

/** The model saved as `label` knows `remaining` and nothing of `erased`: identities, prototypes, held-out tags, counts; loaded, neither. */
async function expectModelWithout(models: ModelsService, label: string, erased: string, remaining: string[]): Promise<void> {
  const row = await ctx.repos.models.byLabel(MAPLE, label);
  expect(row).toMatchObject({ status: 'ready', num_identities: remaining.length });
  const owners = readCalibration(row!.calibration!).owners;
  expect(new Set(owners)).toEqual(new Set(remaining));
  expect(row!.prototypes!.length).toBe(owners.length * 16 * 4);
  const heldOut = JSON.parse(row!.held_out!) as string[];
  expect(heldOut.filter((id) => tagsOf.get(erased)!.includes(id))).toEqual([]);
  expect(row!.num_tags_validation).toBe(heldOut.length);
  const identities = (await models.identities(staff, MAPLE, label)).identities;
  expect(identities.map((i) => i.uuid).sort()).toEqual([...remaining].sort());
  expect(row!.num_tags_training! + row!.num_tags_validation!).toBe(
    identities.reduce((n, i) => n + i.num_tags_training + i.num_tags_validation, 0),
  );
  // Loaded, the analyzers are given none of their prototypes.
  await models.load(staff, MAPLE, label);
  const delivered = await models.prototypes(MAPLE, row!.uuid);
  expect(delivered?.owners).not.toContain(erased);
  expect((await models.loaded(MAPLE))?.prototypes).toBe(delivered?.owners.length);
}

it('a training that read the building’s faces before an erasure committed saves a model without the erased person', async () => {
  const erasure = heldErasure('checked');
  const trainingRead = latch();
  const erased = latch();
  // The training's data read (Edith's faces among them on PostgreSQL) and held until the erasure has committed.
  class HeldModels extends ModelsRepository {
    override async trainingData(...args: Parameters<ModelsRepository['trainingData']>) {
      const data = await super.trainingData(...args);
      trainingRead.open();
      await erased.opened;
      return data;
    }
  }
  const models = modelsOn(new HeldModels(ctx.database.db));

  const erasing = erasure.erase(EDITH);
  await erasure.reached;
  const starting = models.startTraining(MAPLE, staff.user.id);
  // PostgreSQL: the training reads the faces before the erasure's commit (or waits for the building's lock to).
  if (ctx.database.engine === 'postgres') await Promise.race([trainingRead.opened, waitingForLock(trainingRead.opened)]);
  erasure.go();
  expect((await erasing).counts.detections_confirmed).toBe(6);
  erased.open();
  const label = await starting;
  await models.settled(MAPLE);
  await expectModelWithout(models, label, EDITH, [MARGARET, WALTER, GRACE]);
});

it('a training saved while an erasure is taking the person out of the building’s models waits for it, and leaves them out', async () => {
  // The erasure has the building's lock and has taken Grace out of every model saved so far; it has not committed.
  const erasure = heldErasure('erased');
  const models = modelsOn(ctx.repos.models);
  const erasing = erasure.erase(GRACE);
  await erasure.reached;
  const starting = models.startTraining(MAPLE, staff.user.id);
  // PostgreSQL: the training reads Grace's faces (not yet deleted) and then waits for the lock to save (or saves at
  // once without it, and the erasure, past its models, never takes her out of this one).
  if (ctx.database.engine === 'postgres') {
    const saved = starting.then(() => models.settled(MAPLE));
    await waitingForLock(saved);
  }
  erasure.go();
  expect((await erasing).counts.detections_confirmed).toBe(6);
  const label = await starting;
  await models.settled(MAPLE);
  await expectModelWithout(models, label, GRACE, [MARGARET, WALTER]);
});
