import { FINDER_CODE_WORDS, popcount } from '@vigil/contract';
import type { Clock } from '../../lib/clock.js';

/** A stored code as the index reads it (face_embedding_codes), in the order the codes arrived. */
export interface FinderCodeRow {
  seq: number;
  camera_uuid: string;
  captured_at: number;
  code: Uint8Array;
}

export interface FinderCodeSource {
  /** A building's codes of one embedder after `seq`, in order, at most `limit`. */
  codesAfter(domain: string, embedder: string, seq: number, limit: number): Promise<FinderCodeRow[]>;
}

export interface FinderFilter {
  /** captured at or after (ms), before (ms); null: unbounded */
  from: number | null;
  to: number | null;
  /** only these cameras (empty: all) */
  cameras: readonly string[];
}

/** One building's codes of one embedder, in columns (about 50 bytes a face: a million faces are 50 MB). */
class Shelf {
  size = 0;
  lastSeq = 0;
  seqs = new Float64Array(1024);
  times = new Float64Array(1024);
  cameras = new Uint16Array(1024);
  codes = new Int32Array(1024 * FINDER_CODE_WORDS);
  /** faces found gone (deleted by retention or by a person's removal) when their rows were read */
  gone = new Uint8Array(1024);
  readonly cameraIds: string[] = [];
  private readonly cameraIndex = new Map<string, number>();

  constructor(readonly builtAt: number) {}

  append(rows: readonly FinderCodeRow[]): void {
    this.reserve(this.size + rows.length);
    for (const row of rows) {
      const i = this.size++;
      this.seqs[i] = row.seq;
      this.times[i] = row.captured_at;
      this.cameras[i] = this.camera(row.camera_uuid);
      const words = new Int32Array(Uint8Array.from(row.code).buffer, 0, FINDER_CODE_WORDS);
      this.codes.set(words, i * FINDER_CODE_WORDS);
      this.lastSeq = row.seq;
    }
  }

  cameraNumber(camera: string): number | undefined {
    return this.cameraIndex.get(camera);
  }

  private camera(id: string): number {
    let n = this.cameraIndex.get(id);
    if (n === undefined) {
      n = this.cameraIds.push(id) - 1;
      this.cameraIndex.set(id, n);
    }
    return n;
  }

  private reserve(count: number): void {
    if (count <= this.seqs.length) return;
    let capacity = this.seqs.length;
    while (capacity < count) capacity *= 2;
    const grow = <T extends Float64Array | Uint16Array | Uint8Array | Int32Array>(old: T, make: (n: number) => T, per = 1): T => {
      const next = make(capacity * per);
      next.set(old as never);
      return next;
    };
    this.seqs = grow(this.seqs, (n) => new Float64Array(n));
    this.times = grow(this.times, (n) => new Float64Array(n));
    this.cameras = grow(this.cameras, (n) => new Uint16Array(n));
    this.gone = grow(this.gone, (n) => new Uint8Array(n));
    this.codes = grow(this.codes, (n) => new Int32Array(n), FINDER_CODE_WORDS);
  }
}

/** The faces nearest to the probes by code, nearest first: their places in the shelf and their `seq`s. */
export interface FinderCandidates {
  /** faces of the range compared */
  compared: number;
  /** stored sequence numbers, nearest first */
  seqs: number[];
  /** each one's distance: bits its code differs from the nearest probe's (0–256) */
  distances: number[];
}

/** The cosine a code distance estimates (θ ≈ π·bits/256; the estimate's spread is about ±0.07 at 256 bits). */
export const estimatedCosine = (bits: number): number => Math.cos((Math.PI * bits) / (FINDER_CODE_WORDS * 32));

/**
 * The match finder's first pass over a building's whole history: every face's 256-bit code is compared with the probes'
 * (the bits they differ in estimate the angle between the vectors) and the nearest few thousand go on to be compared
 * exactly. Codes are read from the database once, then only the ones that arrived since; a full re-read every hour drops
 * the faces deleted since (a deleted face met earlier is marked gone when its row is missing). Kept in memory per server:
 * it is a cache of face_embedding_codes, so any number of servers can keep their own. Written here because the search
 * filters by camera and time and reads on incrementally, which a vector library's index would need around it anyway;
 * the scan itself is 20 lines (a million faces in about 30 ms a probe: bench:training).
 */
export class FinderIndex {
  private readonly shelves = new Map<string, Promise<Shelf>>();

  constructor(
    private readonly source: FinderCodeSource,
    private readonly clock: Clock,
    private readonly options: { rebuildAfterMs?: number; readBatch?: number } = {},
  ) {}

  /** The nearest `max` faces of the range to any of the probe codes (8 words each), nearest first. */
  async nearest(
    domain: string,
    embedder: string,
    probes: readonly Int32Array[],
    filter: FinderFilter,
    max: number,
  ): Promise<FinderCandidates> {
    const shelf = await this.shelf(domain, embedder);
    const distances = new Uint16Array(shelf.size);
    const counts = new Uint32Array(FINDER_CODE_WORDS * 32 + 2);
    const NONE = FINDER_CODE_WORDS * 32 + 1;
    const cameras = filter.cameras.length > 0 ? new Set(filter.cameras.map((c) => shelf.cameraNumber(c) ?? -1)) : null;
    const from = filter.from ?? -Infinity;
    const to = filter.to ?? Infinity;
    const probeWords = Int32Array.from(probes.flatMap((p) => [...p.subarray(0, FINDER_CODE_WORDS)]));
    const probeCount = probeWords.length / FINDER_CODE_WORDS;
    // The hot loop (a million faces × up to 4 probes): the shelf's columns in locals, the 8 words unrolled.
    const { codes, times, gone, cameras: cameraOf, size } = shelf;
    let compared = 0;
    for (let i = 0; i < size; i++) {
      const at = times[i]!;
      if (gone[i] || at < from || at >= to || (cameras && !cameras.has(cameraOf[i]!))) {
        distances[i] = NONE;
        continue;
      }
      compared += 1;
      const o = i * FINDER_CODE_WORDS;
      const c0 = codes[o]!;
      const c1 = codes[o + 1]!;
      const c2 = codes[o + 2]!;
      const c3 = codes[o + 3]!;
      const c4 = codes[o + 4]!;
      const c5 = codes[o + 5]!;
      const c6 = codes[o + 6]!;
      const c7 = codes[o + 7]!;
      let best = NONE;
      for (let p = 0, b = 0; p < probeCount; p++, b += FINDER_CODE_WORDS) {
        const d =
          popcount(c0 ^ probeWords[b]!) +
          popcount(c1 ^ probeWords[b + 1]!) +
          popcount(c2 ^ probeWords[b + 2]!) +
          popcount(c3 ^ probeWords[b + 3]!) +
          popcount(c4 ^ probeWords[b + 4]!) +
          popcount(c5 ^ probeWords[b + 5]!) +
          popcount(c6 ^ probeWords[b + 6]!) +
          popcount(c7 ^ probeWords[b + 7]!);
        if (d < best) best = d;
      }
      distances[i] = best;
      counts[best]! += 1;
    }
    // The distance within which `max` faces lie; then those faces, nearest first (a counting sort: distances are 0–256).
    let limit = 0;
    for (let taken = 0; limit < NONE && taken < max; limit++) taken += counts[limit]!;
    const starts = new Uint32Array(limit + 1);
    for (let d = 1; d <= limit; d++) starts[d] = starts[d - 1]! + counts[d - 1]!;
    const total = limit === 0 ? 0 : starts[limit]!;
    const ordered = new Array<number>(total);
    const orderedDistances = new Array<number>(total);
    for (let i = 0; i < shelf.size; i++) {
      const d = distances[i]!;
      if (d < limit) {
        orderedDistances[starts[d]!] = d;
        ordered[starts[d]!++] = shelf.seqs[i]!;
      }
    }
    return { compared, seqs: ordered.slice(0, max), distances: orderedDistances.slice(0, max) };
  }

  /** Reads a building's codes ahead of its first search (a million take about 10 s), a batch at a time. */
  warm(domain: string, embedder: string): Promise<void> {
    return this.shelf(domain, embedder).then(() => undefined);
  }

  /** Faces found gone when their rows were read: never offered again. */
  async forget(domain: string, embedder: string, seqs: readonly number[]): Promise<void> {
    if (seqs.length === 0) return;
    const shelf = await this.shelf(domain, embedder);
    const wanted = new Set(seqs);
    for (let i = 0; i < shelf.size; i++) if (wanted.has(shelf.seqs[i]!)) shelf.gone[i] = 1;
  }

  /**
   * Faces deleted on purpose (a person erased): in a shelf already read, they are marked gone and their codes wiped.
   * A shelf not read yet is left alone: it will be read without them.
   */
  async erase(domain: string, embedder: string, seqs: readonly number[]): Promise<void> {
    const held = this.shelves.get(`${domain}\u0000${embedder}`);
    const shelf = held && (await held.catch(() => null));
    if (!shelf || seqs.length === 0) return;
    const wanted = new Set(seqs);
    for (let i = 0; i < shelf.size; i++)
      if (wanted.has(shelf.seqs[i]!)) {
        shelf.gone[i] = 1;
        shelf.codes.fill(0, i * FINDER_CODE_WORDS, (i + 1) * FINDER_CODE_WORDS);
      }
  }

  private shelf(domain: string, embedder: string): Promise<Shelf> {
    const key = `${domain}\u0000${embedder}`;
    const now = this.clock.now();
    const held = this.shelves.get(key);
    // One reader at a time per shelf: a search waits for the one before it to finish reading on.
    const next = (async () => {
      let shelf = held ? await held.catch(() => null) : null;
      if (!shelf || now - shelf.builtAt >= (this.options.rebuildAfterMs ?? 3_600_000)) shelf = new Shelf(now);
      // 5,000 at a time: a synchronous driver (better-sqlite3) holds the event loop for each read, about 50 ms here.
      const batch = this.options.readBatch ?? 5_000;
      for (;;) {
        const rows = await this.source.codesAfter(domain, embedder, shelf.lastSeq, batch);
        shelf.append(rows);
        if (rows.length < batch) return shelf;
      }
    })();
    this.shelves.set(key, next);
    return next;
  }
}
