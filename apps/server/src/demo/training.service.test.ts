import { randomUUID } from 'node:crypto';
import { ingestBatchSchema } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DetectorRow } from '../db/schema.js';
import { MAPLE } from '../../test/harness.js';
import { EILEEN, EXIT, GRACE } from '../../test/demo-ids.js';
import { createServiceContext, type ServiceContext } from '../../test/service-context.js';
import { demoTrainingStep } from './training.js';

// The demo's first model: the demo reviewer confirms only the analyzer's surest sightings, once there are enough of two
// residents, and a model is trained from them; never again once the building has one.

let ctx: ServiceContext;
let detector: DetectorRow;
const log = { info: () => undefined, warn: () => undefined };
beforeAll(async () => {
  ctx = await createServiceContext();
  detector = (await ctx.detectors.issue(MAPLE, 'demo training test', ['detector'], null)).detector;
});
afterAll(() => ctx.close());

const deps = () => ({
  training: ctx.repos.training,
  models: ctx.models,
  faces: ctx.faces,
  access: ctx.repos.access,
  clock: ctx.clock,
  log,
});
const base = Math.floor(Date.now() / 1000) * 1000 - 3600_000;
let n = 0;
async function sightings(person: string, count: number, confidence: number) {
  const faces = Array.from({ length: count }, () => ({
    runtime_face_uuid: randomUUID() as string,
    camera_uuid: EXIT,
    captured_at: new Date(base + n++ * 1000).toISOString().replace('.000Z', 'Z'),
    frontend_face_uuid: person,
    confidence,
    embedding: Buffer.from(Float32Array.from({ length: 8 }, (_, i) => (person === GRACE ? i : 8 - i) + Math.random() / 10).buffer).toString(
      'base64',
    ),
    embedder: 'demo-test@1',
  }));
  await ctx.ingest.ingest(detector, ingestBatchSchema.parse({ faces }));
  return faces.map((f) => f.runtime_face_uuid);
}

describe('the demo’s first model', () => {
  it('waits for enough sure sightings of two residents, confirms only those as the demo reviewer, and trains once', async () => {
    await sightings(GRACE, 8, 0.97);
    expect(await demoTrainingStep(deps())).toBe(false);
    const unsure = await sightings(EILEEN, 6, 0.9);
    expect(await demoTrainingStep(deps())).toBe(false);
    await sightings(EILEEN, 4, 0.99);
    expect(await demoTrainingStep(deps())).toBe(true);
    await ctx.models.settled(MAPLE);

    const reviewer = (await ctx.repos.access.findUserByEmail('staff@vigil.example'))!;
    const log = await ctx.database.db.selectFrom('face_reviews').selectAll().where('domain_uuid', '=', MAPLE).execute();
    expect(log).toHaveLength(12);
    expect(log.every((r) => r.reviewed_by === reviewer.id && r.answer === 1)).toBe(true);
    expect(log.some((r) => unsure.includes(r.runtime_face_uuid))).toBe(false);
    const staff = await ctx.principal('staff@vigil.example');
    const [model] = (await ctx.models.list(staff, MAPLE)).results;
    expect(model).toMatchObject({ status: 'ready', num_identities: 2, embedder: 'demo-test@1' });
    // Not loaded: staff choose.
    expect((await ctx.models.current(staff, MAPLE)).label).toBeNull();

    await sightings(GRACE, 20, 0.99);
    expect(await demoTrainingStep(deps())).toBe(true);
    expect((await ctx.models.list(staff, MAPLE)).results).toHaveLength(1);
  });
});
