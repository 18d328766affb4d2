import { MetricKind, exactSearch } from 'usearch';

/** A candidate for a face: a person of the building's gallery and how alike the two faces are (cosine, 0..1). */
export interface Candidate {
  personId: string;
  similarity: number;
}

/** Cosine similarity of two embeddings, clamped to 0..1 (opposite directions are as unlike as it gets). */
export function similarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new Error(`embeddings of different lengths (${a.length} and ${b.length})`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  if (na === 0 || nb === 0) return 0;
  return Math.max(0, Math.min(1, dot / Math.sqrt(na * nb)));
}

/** The embedding scaled to length 1 (so a dot product is the cosine); null for an all-zero one. */
export function normalised(embedding: Float32Array): Float32Array | null {
  let norm = 0;
  for (const v of embedding) norm += v * v;
  if (norm === 0) return null;
  const scale = 1 / Math.sqrt(norm);
  // A plain loop: Float32Array.from with a function is about ten times slower (a 30,000-embedding gallery is rebuilt
  // after every change).
  const out = new Float32Array(embedding.length);
  for (let i = 0; i < out.length; i++) out[i] = embedding[i]! * scale;
  return out;
}

/**
 * The `k` best people for a face, from the similarity of the face to each known embedding (`owners[i]` is whose
 * embedding `i` is): a person scores their best embedding; ties keep the gallery's order. Pure.
 */
export function rankCandidates(scores: ArrayLike<number>, owners: readonly string[], k: number): Candidate[] {
  const index = new Map<string, number>();
  const people: string[] = [];
  const ownerIndex = new Int32Array(owners.length);
  owners.forEach((owner, i) => {
    let at = index.get(owner);
    if (at === undefined) {
      at = people.length;
      index.set(owner, at);
      people.push(owner);
    }
    ownerIndex[i] = at;
  });
  return topPeople(scores, ownerIndex, people, k);
}

/**
 * The hot half of ranking, for a gallery that numbered its people once: a person's best score in a typed array, then
 * the top k in one pass (no strings or maps per face: 10,000 people in well under a millisecond).
 */
function topPeople(scores: ArrayLike<number>, ownerIndex: Int32Array, people: readonly string[], k: number): Candidate[] {
  const best = new Float64Array(people.length).fill(-1);
  for (let i = 0; i < ownerIndex.length; i++) {
    const score = Math.max(0, Math.min(1, scores[i]!));
    const person = ownerIndex[i]!;
    if (score > best[person]!) best[person] = score;
  }
  const top: number[] = [];
  for (let person = 0; person < best.length; person++) {
    const score = best[person]!;
    if (top.length === k && score <= best[top[k - 1]!]!) continue;
    let at = top.findIndex((other) => score > best[other]!);
    if (at === -1) at = top.length;
    top.splice(at, 0, person);
    if (top.length > k) top.pop();
  }
  return top.map((person) => ({ personId: people[person]!, similarity: best[person]! }));
}

/**
 * Rows compared exactly after the quantized pass: far more than the vectors of the 4 people a match asks for (a person
 * has a photo or two and up to 4 of a model's prototypes).
 */
const RERANK_ROWS = 64;

/** A unit vector in 8-bit numbers at `scale` (the largest magnitude of the set at 127). */
function quantize(v: Float32Array, out: Int8Array, offset: number, scale: number): void {
  for (let i = 0; i < v.length; i++) out[offset + i] = Math.max(-127, Math.min(127, Math.round(v[i]! * scale)));
}

const largestMagnitude = (v: Float32Array): number => v.reduce((m, x) => Math.max(m, Math.abs(x)), 0);

function dotAt(query: Float32Array, rows: Float32Array, offset: number): number {
  let s0 = 0;
  let s1 = 0;
  for (let i = 0; i < query.length; i += 2) {
    s0 += query[i]! * rows[offset + i]!;
    s1 += (query[i + 1] ?? 0) * (rows[offset + i + 1] ?? 0);
  }
  return s0 + s1;
}

/**
 * A building's gallery: each person's embeddings (registry photos, and a loaded model's prototypes). A face is matched
 * 1:N in two passes: every embedding in 8-bit numbers (usearch's exact search, SIMD, one thread: a quarter of the
 * memory a float32 pass reads, and reading memory is what 1:N at 10,000 people costs), then the 64 most alike again in
 * float32, each person scoring their best. The 8-bit scores differ from the float32 ones by about 0.001 (at most
 * ~0.02), so the top 4 people's best embeddings, within the first ~20 rows, are always among the 64: the candidates
 * and their similarities are those of a float32 scan (checked against one in gallery.test.ts). bench:training, "1:N
 * with a loaded model". The matrices are rebuilt after a change, so a change counts from the next match on.
 */
export class Gallery {
  private readonly people = new Map<string, Float32Array[]>();
  private matrix: {
    rows: Float32Array;
    quantized: Int8Array;
    scale: number;
    count: number;
    ownerIndex: Int32Array;
    people: string[];
  } | null = null;
  private dimension: number | null = null;

  /** Replaces a person's embeddings (a photo added, changed or removed gives the new set). */
  set(personId: string, embeddings: Float32Array[]): void {
    const usable = embeddings.map(normalised).filter((e): e is Float32Array => e !== null);
    for (const e of usable) {
      if (this.dimension !== null && e.length !== this.dimension && this.people.size > 0)
        throw new Error(`embeddings of different lengths (${e.length} and ${this.dimension})`);
      this.dimension = e.length;
    }
    if (usable.length === 0) this.people.delete(personId);
    else this.people.set(personId, usable);
    this.invalidate();
  }

  /** A deleted person stops matching at once. */
  remove(personId: string): void {
    if (this.people.delete(personId)) this.invalidate();
  }

  /** Everyone it holds. */
  ids(): string[] {
    return [...this.people.keys()];
  }

  has(personId: string): boolean {
    return this.people.has(personId);
  }

  get size(): number {
    return this.people.size;
  }

  /** The `k` most alike people, best first. */
  match(embedding: Float32Array, k = 4): Candidate[] {
    const query = normalised(embedding);
    if (!query || this.people.size === 0) return [];
    if (query.length !== this.dimension) throw new Error(`embeddings of different lengths (${query.length} and ${this.dimension})`);
    const { rows, quantized, count, ownerIndex, people } = this.ensureMatrix();
    const d = query.length;
    if (count <= RERANK_ROWS) {
      const scores = new Float64Array(count);
      for (let row = 0; row < count; row++) scores[row] = dotAt(query, rows, row * d);
      return topPeople(scores, ownerIndex, people, k);
    }
    const q = new Int8Array(d);
    quantize(query, q, 0, 127 / (largestMagnitude(query) || 1));
    const nearest = exactSearch(quantized, q, d, RERANK_ROWS, MetricKind.IP, 1) as { keys: BigUint64Array };
    // Each person's best of the 64 rows (a small map: no array as long as the gallery per face), ties in gallery order.
    const best = new Map<number, number>();
    for (const key of nearest.keys) {
      const row = Number(key);
      const score = Math.max(0, Math.min(1, dotAt(query, rows, row * d)));
      const person = ownerIndex[row]!;
      if (score > (best.get(person) ?? -1)) best.set(person, score);
    }
    return [...best]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, k)
      .map(([person, similarity]) => ({ personId: people[person]!, similarity }));
  }

  dispose(): void {
    this.invalidate();
  }

  private invalidate(): void {
    this.matrix = null;
  }

  /** Every embedding as a row, in float32 and in 8-bit numbers (one scale for all: a dot product ranks them alike). */
  private ensureMatrix() {
    if (this.matrix) return this.matrix;
    const d = this.dimension!;
    const people = [...this.people.keys()];
    const count = [...this.people.values()].reduce((n, embeddings) => n + embeddings.length, 0);
    const rows = new Float32Array(count * d);
    const ownerIndex = new Int32Array(count);
    let row = 0;
    people.forEach((personId, person) => {
      for (const e of this.people.get(personId)!) {
        rows.set(e, row * d);
        ownerIndex[row] = person;
        row += 1;
      }
    });
    const scale = 127 / (largestMagnitude(rows) || 1);
    const quantized = new Int8Array(count * d);
    quantize(rows, quantized, 0, scale);
    this.matrix = { rows, quantized, scale, count, ownerIndex, people };
    return this.matrix;
  }
}
