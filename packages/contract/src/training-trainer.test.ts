import { seededRandom } from './training-metrics.js';
import { describe, expect, it } from 'vitest';
import { PrototypeIndex, scoreFace, trainModel, type TrainingIdentity, type TrainingNegative } from './training-trainer.js';
import { unit } from './training-vectors.js';

// Training on synthetic embeddings with a known structure: each person a direction in 64 dimensions, their faces that
// direction plus noise; strangers partly alike to someone. The figures the trainer reports are checked against a plain
// computation here, and what the model names against the truth.

const DIMS = 64;

function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}
function randomUnit(random: () => number): Float32Array {
  return unit(Float32Array.from({ length: DIMS }, () => gaussian(random)))!;
}
/** A face `alike` (cosine, roughly) to `centre`. */
function near(centre: Float32Array, alike: number, random: () => number): Float32Array {
  const noise = randomUnit(random);
  return unit(Float32Array.from(centre, (c, i) => alike * c + Math.sqrt(1 - alike * alike) * noise[i]!))!;
}
function cosine(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

function world(seed: number, people = 20, tagsEach = 25) {
  const random = seededRandom(seed);
  const centres = Array.from({ length: people }, () => randomUnit(random));
  const identities: TrainingIdentity[] = centres.map((centre, p) => ({
    id: `person-${p}`,
    photos: [near(centre, 0.8, random)],
    tags: Array.from({ length: tagsEach }, (_, t) => ({ id: `face-${p}-${t}`, vector: near(centre, 0.85, random) })),
  }));
  const stranger = () => near(centres[Math.floor(random() * people)]!, 0.62, random);
  return { random, centres, identities, stranger };
}

describe('training a model on synthetic embeddings', () => {
  it('reports top-1, top-5 and the split as a plain computation over its held-out faces finds them', async () => {
    const { identities } = world(1);
    const model = await trainModel({ seed: 42, identities, negatives: [] });
    const vectors = new Map(identities.flatMap((i) => i.tags.map((t) => [t.id, { vector: unit(t.vector)!, truth: i.id }] as const)));
    // What the model matched against: its centroids and the photos.
    const gallery = [...model.prototypes, ...identities.flatMap((i) => i.photos.map((p) => ({ identity: i.id, vector: unit(p)! })))];
    let top1 = 0;
    let top5 = 0;
    for (const id of model.heldOut) {
      const { vector, truth } = vectors.get(id)!;
      const best = new Map<string, number>();
      for (const p of gallery) best.set(p.identity, Math.max(best.get(p.identity) ?? -1, cosine(vector, p.vector)));
      const ranking = [...best.entries()].sort((a, b) => b[1] - a[1]).map(([who]) => who);
      if (ranking[0] === truth) top1 += 1;
      if (ranking.slice(0, 5).includes(truth)) top5 += 1;
    }
    expect(model.heldOut.length).toBe(20 * 5);
    expect(model.top1).toBeCloseTo(top1 / model.heldOut.length, 10);
    expect(model.top5).toBeCloseTo(top5 / model.heldOut.length, 10);
    expect(model.top1).toBeGreaterThan(0.95);
    // 25 tags each: 5 held out, 20 and the photo for training; never both.
    expect(model.identities.every((i) => i.validation === 5 && i.training === 21)).toBe(true);
    expect(model.tagsTraining).toBe(20 * 21);
    expect(model.identities.every((i) => i.f1 !== null && i.f1 > 0.8)).toBe(true);
    // Up to 4 centroids per person (20 training tags: 3).
    expect(model.prototypes.filter((p) => p.identity === 'person-0')).toHaveLength(3);
    // The same input and seed give the same model.
    const again = await trainModel({ seed: 42, identities, negatives: [] });
    expect(again.calibration).toEqual(model.calibration);
    expect(again.heldOut).toEqual(model.heldOut);
  });

  it('two people who look alike: more held-out faces ranked wrong, and a stricter threshold so that a double is not named', async () => {
    const plain = world(2, 12, 25);
    const doubled = world(2, 12, 25);
    // person-1 becomes nearly person-0's double.
    const twin = near(unit(doubled.identities[0]!.photos[0]!)!, 0.995, doubled.random);
    doubled.identities[1] = {
      id: 'person-1',
      photos: [near(twin, 0.8, doubled.random)],
      tags: doubled.identities[1]!.tags.map((t) => ({ id: t.id, vector: near(twin, 0.85, doubled.random) })),
    };
    const [before, after] = await Promise.all([
      trainModel({ seed: 7, identities: plain.identities, negatives: [] }),
      trainModel({ seed: 7, identities: doubled.identities, negatives: [] }),
    ]);
    expect(after.top1).toBeLessThan(before.top1);
    expect(after.calibration.threshold).toBeGreaterThan(before.calibration.threshold);
    // The threshold keeps the false accept rate within 1% of the impostor faces, whatever the recall costs.
    expect(after.falseAcceptRate).toBeLessThanOrEqual(0.01);
    expect(before.falseAcceptRate).toBeLessThanOrEqual(0.01);
  });

  it('hard negatives lower the false accepts on strangers it never saw, and the model still names its people', async () => {
    const { identities, stranger } = world(3, 20, 25);
    const negatives: TrainingNegative[] = Array.from({ length: 300 }, (_, i) => ({ id: `neg-${i}`, vector: stranger(), notPerson: null }));
    const strangers = Array.from({ length: 500 }, () => stranger());
    const falseAccepts = async (withNegatives: boolean) => {
      const model = await trainModel({ seed: 5, identities, negatives: withNegatives ? negatives : [] });
      const index = new PrototypeIndex([
        ...model.prototypes,
        ...identities.flatMap((i) => i.photos.map((p) => ({ identity: i.id, vector: unit(p)! }))),
      ]);
      const named = strangers.filter((s) => (scoreFace(index, model.calibration, s)?.confidence ?? 0) >= model.calibration.threshold);
      const people = identities.flatMap((i) => i.tags.slice(0, 3).map((t) => ({ truth: i.id, face: unit(t.vector)! })));
      const right = people.filter((p) => {
        const score = scoreFace(index, model.calibration, p.face)!;
        return score.id === p.truth && score.confidence >= model.calibration.threshold;
      });
      return { far: named.length / strangers.length, recall: right.length / people.length, model };
    };
    const without = await falseAccepts(false);
    const withNegatives = await falseAccepts(true);
    expect(withNegatives.far).toBeLessThan(without.far);
    expect(withNegatives.far).toBeLessThan(0.05);
    expect(withNegatives.recall).toBeGreaterThan(0.9);
    expect(withNegatives.model.negatives).toBe(300);
    expect(withNegatives.model.falseAcceptRateNegatives).toBeLessThan(0.05);
  });

  it('a person with a single photo and no tags is known (their photo), measured nowhere; progress runs to the end', async () => {
    const { identities } = world(4, 5, 10);
    identities.push({ id: 'newcomer', photos: [identities[0]!.photos[0]!.map((v) => -v)], tags: [] });
    const seen: number[] = [];
    const model = await trainModel({ seed: 1, identities, negatives: [] }, { progress: (f) => seen.push(f) });
    expect(model.identities.find((i) => i.id === 'newcomer')).toEqual({ id: 'newcomer', training: 1, validation: 0, f1: null });
    expect(model.prototypes.some((p) => p.identity === 'newcomer')).toBe(false);
    expect(seen.at(-1)).toBeGreaterThanOrEqual(0.95);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });
});
