import { falseAcceptRate, identityScores, seededRandom, splitTags, topK } from './training-metrics.js';
import { calibratedConfidence, chooseThreshold, fitCalibration, type CalibrationSample, type ModelCalibration } from './training-model.js';
import { dot, unit } from './training-vectors.js';

// Training a building's model (issue 26). The embedder stays fixed; the model turns embeddings into identities:
// - prototypes: each person's confirmed faces (the training side of the split) summed up as up to 4 centroids
//   (spherical k-means, seeded), besides their registry photos, which the analyzers take from the live registry (so a
//   new photo or a deleted person counts at once, model or not);
// - a confidence over the best and second-best similarity (contract calibratedConfidence), fitted on the building's
//   held-out tags, other people's held-out faces and the hard negatives ('Not a Face', "not this person");
// - the threshold it names someone from: the lowest keeping the false accept rate at or under 1%, never under 0.9.
// Every figure is measured on held-out faces the prototypes never saw; the calibration's own figures are cross-fitted
// (two folds: each half is scored by the curve fitted on the other), so they are not measured on what they were fitted on.

export interface TrainingIdentity {
  id: string;
  /** registry photo embeddings: always on the training side */
  photos: Float32Array[];
  /** confirmed detections */
  tags: { id: string; vector: Float32Array }[];
}

export interface TrainingNegative {
  id: string;
  vector: Float32Array;
  /** the person it was said not to be; null: 'Not a Face' */
  notPerson: string | null;
}

export interface TrainingInput {
  seed: number;
  identities: TrainingIdentity[];
  negatives: TrainingNegative[];
  /** at or under this false accept rate on impostors (default 1%) */
  maxFar?: number;
}

export interface TrainedModel {
  /** centroids of confirmed faces (photos are not in here: they come from the registry) */
  prototypes: { identity: string; vector: Float32Array }[];
  calibration: ModelCalibration;
  heldOut: string[];
  top1: number;
  top5: number;
  falseAcceptRate: number;
  falseAcceptRateNegatives: number;
  identities: { id: string; training: number; validation: number; f1: number | null }[];
  tagsTraining: number;
  tagsValidation: number;
  negatives: number;
}

export interface TrainerHooks {
  progress?(fraction: number): void;
  /** called between small units of work: lets other work run (the server's event loop); by default nothing waits */
  pause?(): Promise<void>;
}

const MAX_CENTROIDS = 4;
const TAGS_PER_CENTROID = 8;
const KMEANS_ITERATIONS = 10;

/** FNV-1a, to seed per identity and to pick a sample's fold. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** Spherical k-means (k-means++ start, seeded): up to `k` unit centroids of unit vectors. */
export function centroids(vectors: readonly Float32Array[], k: number, seed: number): Float32Array[] {
  if (vectors.length === 0) return [];
  const random = seededRandom(seed);
  const dims = vectors[0]!.length;
  const chosen: Float32Array[] = [vectors[Math.floor(random() * vectors.length)]!];
  while (chosen.length < Math.min(k, vectors.length)) {
    const far = vectors.map((v) => Math.max(0, 1 - Math.max(...chosen.map((c) => dot(v, c)))));
    const total = far.reduce((a, b) => a + b, 0);
    if (total <= 1e-9) break;
    let r = random() * total;
    let at = 0;
    while (at < far.length - 1 && r > far[at]!) r -= far[at++]!;
    chosen.push(vectors[at]!);
  }
  let centres: Float32Array[] = chosen.map((c) => Float32Array.from(c));
  for (let iteration = 0; iteration < KMEANS_ITERATIONS; iteration++) {
    const sums = centres.map(() => new Float32Array(dims));
    for (const v of vectors) {
      let best = 0;
      let bestScore = -Infinity;
      centres.forEach((c, i) => {
        const s = dot(v, c);
        if (s > bestScore) [best, bestScore] = [i, s];
      });
      const sum = sums[best]!;
      for (let d = 0; d < dims; d++) sum[d]! += v[d]!;
    }
    const next = sums.map((s, i) => unit(s) ?? centres[i]!);
    centres = next;
  }
  return centres;
}

/** The people most like a face: each person's best similarity over their prototypes, best first. */
export class PrototypeIndex {
  readonly dims: number;
  private readonly matrix: Float32Array;
  private readonly owners: Int32Array;
  readonly people: string[];

  constructor(prototypes: readonly { identity: string; vector: Float32Array }[]) {
    this.dims = prototypes[0]?.vector.length ?? 0;
    const index = new Map<string, number>();
    this.people = [];
    this.owners = new Int32Array(prototypes.length);
    this.matrix = new Float32Array(prototypes.length * this.dims);
    prototypes.forEach((p, i) => {
      let at = index.get(p.identity);
      if (at === undefined) {
        at = this.people.length;
        index.set(p.identity, at);
        this.people.push(p.identity);
      }
      this.owners[i] = at;
      this.matrix.set(p.vector, i * this.dims);
    });
  }

  /** Every person's best similarity to the (unit) face. */
  scores(face: Float32Array): Float64Array {
    const best = new Float64Array(this.people.length).fill(-1);
    for (let i = 0; i < this.owners.length; i++) {
      const s = dot(face, this.matrix, i * this.dims);
      const owner = this.owners[i]!;
      if (s > best[owner]!) best[owner] = s;
    }
    return best;
  }

  /** The `k` best people (ids and similarities), leaving out `except`. */
  rank(face: Float32Array, k: number, except?: string): { id: string; similarity: number }[] {
    return this.top(this.scores(face), k, except);
  }

  /** The `k` best people of scores made by `scores` (one face scored once can be ranked several ways). */
  top(best: Float64Array, k: number, except?: string): { id: string; similarity: number }[] {
    const order: number[] = [];
    for (let p = 0; p < best.length; p++) {
      if (this.people[p] === except) continue;
      let at = order.findIndex((o) => best[p]! > best[o]!);
      if (at === -1) at = order.length;
      if (at >= k) continue;
      order.splice(at, 0, p);
      if (order.length > k) order.pop();
    }
    return order.map((p) => ({ id: this.people[p]!, similarity: Math.max(0, best[p]!) }));
  }
}

/** A face scored against a model: its best candidate and that candidate's confidence. */
export function scoreFace(index: PrototypeIndex, calibration: ModelCalibration, face: Float32Array, except?: string) {
  const [first, second] = index.rank(face, 2, except);
  if (!first) return null;
  return { id: first.id, confidence: calibratedConfidence(calibration, first.similarity, second?.similarity ?? 0) };
}

export async function trainModel(input: TrainingInput, hooks: TrainerHooks = {}): Promise<TrainedModel> {
  const pause = hooks.pause ?? (() => Promise.resolve());
  const progress = (f: number) => hooks.progress?.(Math.min(1, Math.max(0, f)));
  const vectors = new Map<string, Float32Array>();
  for (const identity of input.identities)
    for (const tag of identity.tags) {
      const v = unit(tag.vector);
      if (v) vectors.set(tag.id, v);
    }
  const tags = input.identities.flatMap((identity) =>
    identity.tags.filter((t) => vectors.has(t.id)).map((t) => ({ id: t.id, identity: identity.id })),
  );
  const split = splitTags(tags, input.seed);
  const training = new Set(split.training);
  const identityOf = new Map(tags.map((t) => [t.id, t.identity]));

  // Prototypes: photos and centroids for measuring; only centroids are kept (photos come from the registry).
  const kept: { identity: string; vector: Float32Array }[] = [];
  const measured: { identity: string; vector: Float32Array }[] = [];
  for (const [i, identity] of input.identities.entries()) {
    const own = identity.tags.filter((t) => training.has(t.id)).map((t) => vectors.get(t.id)!);
    const k = Math.min(MAX_CENTROIDS, Math.ceil(own.length / TAGS_PER_CENTROID));
    for (const c of centroids(own, k, input.seed ^ hash(identity.id))) {
      kept.push({ identity: identity.id, vector: c });
      measured.push({ identity: identity.id, vector: c });
    }
    for (const photo of identity.photos) {
      const v = unit(photo);
      if (v) measured.push({ identity: identity.id, vector: v });
    }
    progress((0.3 * i) / input.identities.length);
    await pause();
  }
  const index = new PrototypeIndex(measured);
  progress(0.3);

  // Held-out faces: their ranking (top-1, top-5), their best candidate, and the best among the others (open set).
  const heldOut = split.validation.filter((id) => index.people.includes(identityOf.get(id)!));
  const ranked: { id: string; truth: string; ranking: string[]; s1: number; s2: number; open: { s1: number; s2: number } }[] = [];
  for (const [i, id] of heldOut.entries()) {
    const face = vectors.get(id)!;
    const truth = identityOf.get(id)!;
    const scores = index.scores(face);
    const top = index.top(scores, 5);
    const others = top.filter((t) => t.id !== truth);
    const open = others.length >= 2 ? others : index.top(scores, 2, truth);
    ranked.push({
      id,
      truth,
      ranking: top.map((t) => t.id),
      s1: top[0]?.similarity ?? 0,
      s2: top[1]?.similarity ?? 0,
      open: { s1: open[0]?.similarity ?? 0, s2: open[1]?.similarity ?? 0 },
    });
    progress(0.3 + (0.5 * i) / heldOut.length);
    await pause();
  }
  const negatives: { id: string; top: string | null; notPerson: string | null; s1: number; s2: number }[] = [];
  for (const negative of input.negatives) {
    await pause();
    const face = unit(negative.vector);
    if (!face || face.length !== index.dims) continue;
    const [first, second] = index.rank(face, 2);
    // "Not this person" says nothing when the model names someone else: only a face it would name as them counts.
    if (negative.notPerson !== null && first?.id !== negative.notPerson) continue;
    negatives.push({
      id: negative.id,
      top: first?.id ?? null,
      notPerson: negative.notPerson,
      s1: first?.similarity ?? 0,
      s2: second?.similarity ?? 0,
    });
  }
  await pause();
  progress(0.85);

  // Calibration samples, two folds by a seeded hash of the face: genuine (is the best candidate right), open set (the
  // best of the others: never right), negatives (never right).
  type Sample = CalibrationSample & { fold: number; kind: 'genuine' | 'open' | 'negative'; ref: number };
  const fold = (id: string) => hash(`${input.seed}:${id}`) & 1;
  const samples: Sample[] = [];
  ranked.forEach((r, ref) => {
    samples.push({ s1: r.s1, s2: r.s2, correct: r.ranking[0] === r.truth, fold: fold(r.id), kind: 'genuine', ref });
    samples.push({ s1: r.open.s1, s2: r.open.s2, correct: false, fold: fold(r.id), kind: 'open', ref });
  });
  negatives.forEach((n, ref) => samples.push({ s1: n.s1, s2: n.s2, correct: false, fold: fold(n.id), kind: 'negative', ref }));
  const curves = [0, 1].map((f) => fitCalibration(samples.filter((s) => s.fold !== f)));
  const crossed = samples.map((s) => ({ ...s, confidence: calibratedConfidence(curves[s.fold]!, s.s1, s.s2) }));
  const impostors = crossed.filter((s) => s.kind !== 'genuine');
  const threshold = chooseThreshold(
    impostors.map((s) => s.confidence),
    input.maxFar ?? 0.01,
  );
  const calibration: ModelCalibration = { ...fitCalibration(samples), threshold };
  progress(0.95);

  const genuine = crossed.filter((s) => s.kind === 'genuine');
  const predictions = genuine.map((s) => {
    const r = ranked[s.ref]!;
    return { truth: r.truth, predicted: s.confidence >= threshold ? r.ranking[0]! : null };
  });
  const scores = identityScores(predictions);
  const counts = split.counts;
  return {
    prototypes: kept,
    calibration,
    heldOut,
    top1: topK(ranked, 1),
    top5: topK(ranked, 5),
    falseAcceptRate: falseAcceptRate(
      impostors.map((s) => ({ score: s.confidence })),
      threshold,
    ),
    falseAcceptRateNegatives: falseAcceptRate(
      impostors.filter((s) => s.kind === 'negative').map((s) => ({ score: s.confidence })),
      threshold,
    ),
    identities: input.identities
      .filter((identity) => index.people.includes(identity.id))
      .map((identity) => ({
        id: identity.id,
        training: (counts.get(identity.id)?.training ?? 0) + identity.photos.length,
        validation: counts.get(identity.id)?.validation ?? 0,
        f1: scores.get(identity.id)?.f1 ?? null,
      })),
    tagsTraining: split.training.length + input.identities.reduce((n, i) => n + i.photos.length, 0),
    tagsValidation: heldOut.length,
    negatives: negatives.length,
  };
}
