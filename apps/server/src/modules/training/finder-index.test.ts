import { dot, finderCode, seededRandom, unit } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import { FinderIndex, type FinderCodeRow, type FinderCodeSource } from './finder-index.js';

const random = seededRandom(7);
const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
const randomUnit = (dims = 1024) => unit(Float32Array.from({ length: dims }, gaussian))!;
const near = (centre: Float32Array, alike: number) => {
  const noise = randomUnit(centre.length);
  return unit(Float32Array.from(centre, (c, i) => alike * c + Math.sqrt(1 - alike * alike) * noise[i]!))!;
};

/** face_embedding_codes as a list: what the index reads, and how often. */
class Codes implements FinderCodeSource {
  rows: (FinderCodeRow & { vector: Float32Array })[] = [];
  reads: number[] = [];
  add(vector: Float32Array, camera = 'cam-a', at = 1_000): number {
    const seq = (this.rows.at(-1)?.seq ?? 0) + 1;
    this.rows.push({ seq, camera_uuid: camera, captured_at: at, code: new Uint8Array(finderCode(vector).buffer), vector });
    return seq;
  }
  codesAfter(_domain: string, _embedder: string, seq: number, limit: number): Promise<FinderCodeRow[]> {
    this.reads.push(seq);
    return Promise.resolve(this.rows.filter((r) => r.seq > seq).slice(0, limit));
  }
}

const clockAt = (start: number) => {
  const clock = { t: start, now: () => clock.t };
  return clock;
};
const all = { from: null, to: null, cameras: [] };

describe('the match finder’s first pass (FinderIndex)', () => {
  it('puts the faces like the probe first: 20 faces of one person among 3,000 others are all in the nearest 100', async () => {
    const codes = new Codes();
    const person = randomUnit();
    const theirs = new Set<number>();
    for (let i = 0; i < 3_000; i++) codes.add(randomUnit());
    for (let i = 0; i < 20; i++) theirs.add(codes.add(near(person, 0.6)));
    const index = new FinderIndex(codes, clockAt(0), { readBatch: 1_000 });
    const found = await index.nearest('d', 'e', [finderCode(near(person, 0.8))], all, 100);
    expect(found.compared).toBe(3_020);
    expect(found.seqs).toHaveLength(100);
    // All of theirs (cosine about 0.48 to the probe; the others about 0), most of them first: the exact pass sorts them.
    expect(found.seqs.filter((seq) => theirs.has(seq))).toHaveLength(20);
    expect(found.seqs.slice(0, 20).filter((seq) => theirs.has(seq)).length).toBeGreaterThanOrEqual(15);
    // Read in batches of 1,000, each from the last seq it held.
    expect(codes.reads).toEqual([0, 1_000, 2_000, 3_000]);
  });

  it('orders by the estimated angle: its order agrees with the exact cosines', async () => {
    const codes = new Codes();
    const probe = randomUnit();
    const alike = [0.95, 0.8, 0.6].map((a) => near(probe, a));
    const seqs = alike.map((v) => codes.add(v));
    for (let i = 0; i < 500; i++) codes.add(randomUnit());
    const found = await new FinderIndex(codes, clockAt(0)).nearest('d', 'e', [finderCode(probe)], all, 3);
    expect(found.seqs).toEqual(seqs);
    expect(alike.map((v) => dot(v, probe)).every((c, i, list) => i === 0 || c < list[i - 1]!)).toBe(true);
  });

  it('the nearest of several probes: a face like any of them counts', async () => {
    const codes = new Codes();
    const [a, b] = [randomUnit(), randomUnit()];
    for (let i = 0; i < 300; i++) codes.add(randomUnit());
    const likeA = codes.add(near(a, 0.9));
    const likeB = codes.add(near(b, 0.9));
    const found = await new FinderIndex(codes, clockAt(0)).nearest('d', 'e', [finderCode(a), finderCode(b)], all, 2);
    expect(new Set(found.seqs)).toEqual(new Set([likeA, likeB]));
  });

  it('compares only the range: from (inclusive), to (exclusive), cameras', async () => {
    const codes = new Codes();
    const probe = randomUnit();
    const early = codes.add(near(probe, 0.9), 'cam-a', 1_000);
    const late = codes.add(near(probe, 0.9), 'cam-a', 2_000);
    const elsewhere = codes.add(near(probe, 0.9), 'cam-b', 1_500);
    const index = new FinderIndex(codes, clockAt(0));
    const ask = async (filter: { from: number | null; to: number | null; cameras: string[] }) =>
      (await index.nearest('d', 'e', [finderCode(probe)], filter, 10)).seqs.sort();
    expect(await ask({ from: 1_000, to: 2_000, cameras: [] })).toEqual([early, elsewhere].sort());
    expect(await ask({ from: 1_001, to: null, cameras: [] })).toEqual([late, elsewhere].sort());
    expect(await ask({ from: null, to: null, cameras: ['cam-a'] })).toEqual([early, late].sort());
    expect(await ask({ from: null, to: null, cameras: ['cam-unknown'] })).toEqual([]);
  });

  it('reads on from the last code it holds; re-reads everything after an hour, dropping deleted faces', async () => {
    const codes = new Codes();
    const probe = randomUnit();
    const first = codes.add(near(probe, 0.9));
    const clock = clockAt(0);
    const index = new FinderIndex(codes, clock);
    expect((await index.nearest('d', 'e', [finderCode(probe)], all, 10)).seqs).toEqual([first]);
    const second = codes.add(near(probe, 0.8));
    expect((await index.nearest('d', 'e', [finderCode(probe)], all, 10)).seqs).toEqual([first, second]);
    expect(codes.reads).toEqual([0, first]);
    // Deleted: still held until the hourly re-read (the search drops it when its row is missing, then forgets it).
    codes.rows = codes.rows.filter((r) => r.seq !== first);
    expect((await index.nearest('d', 'e', [finderCode(probe)], all, 10)).compared).toBe(2);
    clock.t = 3_600_000;
    expect((await index.nearest('d', 'e', [finderCode(probe)], all, 10)).seqs).toEqual([second]);
    expect(codes.reads.at(-1)).toBe(0);
  });

  it('a face forgotten is never offered again', async () => {
    const codes = new Codes();
    const probe = randomUnit();
    const gone = codes.add(near(probe, 0.9));
    const kept = codes.add(near(probe, 0.5));
    const index = new FinderIndex(codes, clockAt(0));
    await index.forget('d', 'e', [gone]);
    const found = await index.nearest('d', 'e', [finderCode(probe)], all, 10);
    expect(found.seqs).toEqual([kept]);
    expect(found.compared).toBe(1);
  });

  it('an erased face is never offered again, and a shelf not read yet is not read for it', async () => {
    const codes = new Codes();
    const probe = randomUnit();
    const erased = codes.add(near(probe, 0.9));
    const kept = codes.add(near(probe, 0.5));
    const index = new FinderIndex(codes, clockAt(0));
    await index.erase('d', 'e', [erased]);
    expect(codes.reads, 'nothing read for a shelf nobody searched').toEqual([]);
    expect((await index.nearest('d', 'e', [finderCode(probe)], all, 10)).seqs).toEqual([erased, kept]);
    await index.erase('d', 'e', [erased]);
    const found = await index.nearest('d', 'e', [finderCode(probe)], all, 10);
    expect(found.seqs).toEqual([kept]);
    expect(found.compared).toBe(1);
  });

  it('keeps buildings and embedders apart, and two searches at once read in turn', async () => {
    const codes = new Codes();
    codes.add(randomUnit());
    const index = new FinderIndex(codes, clockAt(0));
    await Promise.all([
      index.nearest('d', 'e', [finderCode(randomUnit())], all, 1),
      index.nearest('d', 'e', [finderCode(randomUnit())], all, 1),
    ]);
    expect(codes.reads).toEqual([0, 1]);
    await index.nearest('d', 'other', [finderCode(randomUnit())], all, 1);
    expect(codes.reads).toEqual([0, 1, 0]);
  });
});
