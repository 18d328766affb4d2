import { beforeAll, describe, expect, it } from 'vitest';
import { Gallery, rankCandidates, similarity } from './gallery.js';
import { wasmBackend } from './tf.js';

const v = (...values: number[]) => Float32Array.from(values);

beforeAll(() => wasmBackend());

describe('similarity', () => {
  it('is 1 for the same direction, 0 for orthogonal or opposite ones, and refuses different lengths', () => {
    expect(similarity(v(1, 2, 3), v(2, 4, 6))).toBeCloseTo(1);
    expect(similarity(v(1, 0), v(0, 1))).toBe(0);
    expect(similarity(v(1, 0), v(-1, 0))).toBe(0);
    expect(similarity(v(0, 0), v(1, 0))).toBe(0);
    expect(() => similarity(v(1), v(1, 2))).toThrow(/different lengths/);
  });
});

describe('candidate ranking', () => {
  it('scores a person by their best embedding and keeps the top k, best first', () => {
    const owners = ['ada', 'bo', 'ada', 'cy', 'dee', 'eve'];
    const scores = [0.5, 0.7, 0.9, 0.2, 0.6, 0.65];
    expect(rankCandidates(scores, owners, 3)).toEqual([
      { personId: 'ada', similarity: 0.9 },
      { personId: 'bo', similarity: 0.7 },
      { personId: 'eve', similarity: 0.65 },
    ]);
  });

  it('clamps scores to 0..1, keeps the first of equal scores ahead, and returns fewer when there are fewer people', () => {
    expect(rankCandidates([-0.3, 1.2, 0.4, 0.4], ['a', 'b', 'c', 'd'], 4)).toEqual([
      { personId: 'b', similarity: 1 },
      { personId: 'c', similarity: 0.4 },
      { personId: 'd', similarity: 0.4 },
      { personId: 'a', similarity: 0 },
    ]);
    expect(rankCandidates([0.5], ['a'], 4)).toHaveLength(1);
    expect(rankCandidates([], [], 4)).toEqual([]);
  });
});

describe('the gallery (1:N on the WASM backend)', () => {
  it('ranks people by their best embedding, top k first, with cosine similarities', () => {
    const gallery = new Gallery();
    gallery.set('ada', [v(1, 0, 0), v(0.9, 0.1, 0)]);
    gallery.set('bo', [v(0, 1, 0)]);
    gallery.set('cy', [v(0.7, 0.7, 0)]);
    const top = gallery.match(v(1, 0.05, 0), 2);
    expect(top.map((c) => c.personId)).toEqual(['ada', 'cy']);
    expect(top[0]!.similarity).toBeCloseTo(similarity(v(1, 0.05, 0), v(1, 0, 0)), 5);
    expect(top[1]!.similarity).toBeCloseTo(similarity(v(1, 0.05, 0), v(0.7, 0.7, 0)), 5);
  });

  it('agrees with a plain cosine on random embeddings of 1024 numbers', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    const people = Array.from({ length: 50 }, () => Float32Array.from({ length: 1024 }, random));
    const gallery = new Gallery();
    people.forEach((e, i) => gallery.set(`p${i}`, [e]));
    const face = Float32Array.from(people[17]!, (x) => x + random() * 0.3);
    const expected = people
      .map((e, i) => ({ personId: `p${i}`, similarity: similarity(face, e) }))
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, 4);
    const got = gallery.match(face, 4);
    expect(got.map((c) => c.personId)).toEqual(expected.map((c) => c.personId));
    got.forEach((c, i) => expect(c.similarity).toBeCloseTo(expected[i]!.similarity, 4));
  });

  it('forgets a removed person, or one whose photos are all gone, from the next match on', () => {
    const gallery = new Gallery();
    gallery.set('ada', [v(1, 0)]);
    gallery.set('bo', [v(0, 1)]);
    expect(gallery.match(v(1, 0))[0]!.personId).toBe('ada');
    gallery.remove('ada');
    expect(gallery.match(v(1, 0)).map((c) => c.personId)).toEqual(['bo']);
    gallery.set('bo', []);
    expect(gallery.size).toBe(0);
    expect(gallery.match(v(1, 0))).toEqual([]);
  });

  it('takes a changed photo set at once, and refuses embeddings of another length', () => {
    const gallery = new Gallery();
    gallery.set('ada', [v(1, 0)]);
    gallery.set('bo', [v(0, 1)]);
    gallery.set('ada', [v(0, 1)]);
    expect(gallery.match(v(0, 1)).map((c) => Math.round(c.similarity * 100))).toEqual([100, 100]);
    expect(() => gallery.set('cy', [v(1, 0, 0)])).toThrow(/different lengths/);
  });
});
