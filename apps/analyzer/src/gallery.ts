import type { Tensor2D } from '@tensorflow/tfjs-core';
import { tf } from './tf.js';

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
  return Float32Array.from(embedding, (v) => v * scale);
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
 * A building's gallery: each person's embeddings (from registry photos and, later, confirmed detections). A face is
 * matched 1:N against everyone in one matrix product on the WASM backend (10,000 people in about 2 ms: bench:analyzer);
 * the matrix is rebuilt after a change, so a change counts from the next match on.
 */
export class Gallery {
  private readonly people = new Map<string, Float32Array[]>();
  private matrix: { tensor: Tensor2D; ownerIndex: Int32Array; people: string[] } | null = null;
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
    const { tensor, ownerIndex, people } = this.ensureMatrix();
    const product = tf.tidy(() => tf.matMul(tf.tensor2d(query, [1, query.length]), tensor));
    try {
      return topPeople(product.dataSync(), ownerIndex, people, k);
    } finally {
      product.dispose();
    }
  }

  dispose(): void {
    this.invalidate();
  }

  private invalidate(): void {
    this.matrix?.tensor.dispose();
    this.matrix = null;
  }

  /** Every embedding as one column of a D x N matrix: a face times it gives all N similarities at once. */
  private ensureMatrix(): { tensor: Tensor2D; ownerIndex: Int32Array; people: string[] } {
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
    // Rows copied in order, turned into columns by the backend (a strided copy in JavaScript takes ten times longer).
    const tensor = tf.tidy(() => tf.transpose(tf.tensor2d(rows, [count, d]))) as Tensor2D;
    this.matrix = { tensor, ownerIndex, people };
    return this.matrix;
  }
}
