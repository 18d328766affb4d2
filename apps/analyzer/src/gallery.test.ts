import { describe, expect, it } from 'vitest';
import { Gallery, rankCandidates, similarity } from './gallery.js';

const v = (...values: number[]) => Float32Array.from(values);

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

describe('the gallery (1:N: an 8-bit pass, then float32)', () => {
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

  it('gives the candidates and similarities of a float32 scan: 1,000 people × 3 embeddings, look-alike groups, 100 faces', () => {
    let seed = 11;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    // Plain loops (Float32Array.from with a function is slow enough to dominate this test).
    const unitOf = (v: Float32Array) => {
      let n = 0;
      for (let i = 0; i < v.length; i++) n += v[i]! * v[i]!;
      const scale = 1 / Math.sqrt(n);
      for (let i = 0; i < v.length; i++) v[i]! *= scale;
      return v;
    };
    const mix = (a: Float32Array, b: Float32Array, alike: number) => {
      const out = new Float32Array(a.length);
      for (let i = 0; i < a.length; i++) out[i] = alike * a[i]! + (1 - alike) * b[i]!;
      return unitOf(out);
    };
    const noise = () => {
      const out = new Float32Array(1024);
      for (let i = 0; i < out.length; i++) out[i] = random();
      return unitOf(out);
    };
    // Families of 5 look-alikes (0.7 alike to the family's face), so the 2nd to 4th candidates are close calls.
    const families = Array.from({ length: 200 }, noise);
    const centres = Array.from({ length: 1_000 }, (_, p) => mix(families[Math.floor(p / 5)]!, noise(), 0.7));
    const gallery = new Gallery();
    const all: { person: string; e: Float32Array }[] = [];
    centres.forEach((c, p) => {
      const embeddings = [mix(c, noise(), 0.8), mix(c, noise(), 0.85), mix(c, noise(), 0.85)];
      gallery.set(`p${p}`, embeddings);
      for (const e of embeddings) all.push({ person: `p${p}`, e });
    });
    for (let f = 0; f < 100; f++) {
      const face = mix(centres[(f * 7) % centres.length]!, noise(), 0.5 + (f % 5) * 0.1);
      const best = new Map<string, number>();
      // Unit vectors: the cosine is the dot product.
      for (const { person, e } of all) {
        let d = 0;
        for (let i = 0; i < e.length; i++) d += face[i]! * e[i]!;
        best.set(person, Math.max(best.get(person) ?? 0, Math.min(1, d)));
      }
      const expected = [...best].sort((a, b) => b[1] - a[1]).slice(0, 4);
      const got = gallery.match(face, 4);
      expect(got.map((c) => c.personId)).toEqual(expected.map(([person]) => person));
      got.forEach((c, i) => expect(c.similarity).toBeCloseTo(expected[i]![1], 5));
    }
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
