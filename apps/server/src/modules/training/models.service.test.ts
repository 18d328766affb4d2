import { randomUUID } from 'node:crypto';
import { ingestBatchSchema } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../auth/principal.js';
import { BIRCH, MAPLE } from '../../../test/harness.js';
import { HALLWAY, MARGARET, WALTER } from '../../../test/demo-ids.js';
import { createServiceContext, type ServiceContext } from '../../../test/service-context.js';

// Model management's rules without HTTP: one training at a time per building (even two requests in the same instant),
// a failed training says why, and a model is loaded only when ready.

let ctx: ServiceContext;
let staff: Principal;
let staffId: string;
const vector = (seed: number) => Buffer.from(Float32Array.from({ length: 16 }, (_, i) => Math.sin(seed * 7 + i)).buffer).toString('base64');

beforeAll(async () => {
  ctx = await createServiceContext();
  staff = await ctx.principal('staff@vigil.example');
  staffId = staff.user.id;
  const detector = (await ctx.detectors.issue(MAPLE, 'models service test', ['detector'], null)).detector;
  const base = Math.floor(ctx.clock.now() / 1000) * 1000 - 3600_000;
  const faces = [MARGARET, WALTER].flatMap((person, p) =>
    Array.from({ length: 6 }, (_, i) => ({
      runtime_face_uuid: randomUUID(),
      camera_uuid: HALLWAY,
      captured_at: new Date(base + (p * 6 + i) * 1000).toISOString().replace('.000Z', 'Z'),
      frontend_face_uuid: person,
      confidence: 0.9,
      embedding: vector(p * 100 + i / 10),
      embedder: 'service-test@1',
    })),
  );
  await ctx.ingest.ingest(detector, ingestBatchSchema.parse({ faces }));
  for (const person of [MARGARET, WALTER])
    await ctx.reviews.reviewMatch(
      faces.filter((f) => f.frontend_face_uuid === person).map((f) => f.runtime_face_uuid),
      person,
      true,
      staffId,
      ctx.clock.now(),
    );
});
afterAll(() => ctx.close());

describe('model management', () => {
  it('starts one training per building at a time, even when asked twice in the same instant', async () => {
    const first = ctx.models.startTraining(MAPLE, staffId);
    const second = ctx.models.startTraining(MAPLE, staffId);
    await expect(second).rejects.toMatchObject({ statusCode: 409 });
    const label = await first;
    await ctx.models.settled(MAPLE);
    const { results } = await ctx.models.list(staff, MAPLE);
    expect(results[0]).toMatchObject({ label, status: 'ready', num_identities: 2 });
    // Another building is not held up by it, and fails only for having nothing to train on.
    await expect(ctx.models.startTraining(BIRCH, staffId)).rejects.toMatchObject({ statusCode: 409 });
  });

  it('gives each training its own label, a second apart at least, and loads only ready models', async () => {
    const a = await ctx.models.startTraining(MAPLE, staffId);
    await ctx.models.settled(MAPLE);
    const b = await ctx.models.startTraining(MAPLE, staffId);
    await ctx.models.settled(MAPLE);
    expect(a).not.toBe(b);
    await ctx.repos.models.update((await ctx.repos.models.byLabel(MAPLE, b))!.uuid, { status: 'failed', message: 'broken' });
    await expect(ctx.models.load(staff, MAPLE, b)).rejects.toMatchObject({ statusCode: 409 });
    await ctx.models.load(staff, MAPLE, a);
    expect((await ctx.models.current(staff, MAPLE)).label).toBe(a);
    expect((await ctx.models.loaded(MAPLE))?.embedder).toBe('service-test@1');

    // The building's analyzers embed faces with another embedder (an upgrade): the loaded model is not used, and says so.
    expect((await ctx.models.current(staff, MAPLE)).unused).toBeNull();
    ctx.models.sawAnalyzer(MAPLE, 'service-test@2');
    expect((await ctx.models.current(staff, MAPLE)).unused).toBe(
      'The analyzers of this building will not use this model: it was trained on faces embedded by service-test@1, and they embed faces with service-test@2. Train a new model.',
    );
    ctx.models.sawAnalyzer(MAPLE, 'service-test@1');
    expect((await ctx.models.current(staff, MAPLE)).unused).toBeNull();
  });

  it('fails a training a stopped server left running, with the reason', async () => {
    const row = (await ctx.repos.models.list(MAPLE))[0]!;
    await ctx.repos.models.update(row.uuid, { status: 'training' });
    await ctx.models.recover();
    expect((await ctx.models.list(staff, MAPLE)).results[0]).toMatchObject({
      status: 'failed',
      message: 'The server stopped during this training; start a new one.',
    });
  });
});
