import { describe, expect, it } from 'vitest';
import {
  groupPassages,
  identitySubject,
  isTailgate,
  matchAgainst,
  similarities,
  tapVerdict,
  type DoorFace,
  type ScoringGallery,
} from './door-faces.js';

const axis = (i: number, wobble = 0) => {
  const v = new Float32Array(8);
  v[i] = 1;
  v[(i + 1) % 8] = wobble;
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};
const face = (id: string, at: number, v: Float32Array | null, person: string | null = null, confidence = 0.3): DoorFace => ({
  id,
  at,
  vector: v,
  person,
  confidence,
  faceConfidence: 0.9,
});
const gallery: ScoringGallery = {
  calibration: { w_sim: 25, w_margin: 0, bias: -12.5 },
  dims: 8,
  owners: ['anna-person', identitySubject('bob'), 'carl-person'],
  vectors: new Float32Array([...axis(0), ...axis(1), ...axis(2)]),
};

describe('faces at a door', () => {
  it('groups consecutive alike faces into one passage; a different face or a long gap starts another', () => {
    const faces = [face('a1', 0, axis(0)), face('a2', 800, axis(0, 0.2)), face('b1', 900, axis(4)), face('a3', 5_000, axis(0))];
    expect(groupPassages(faces)).toEqual([0, 0, 1, 2]);
    // Named the same person without embeddings: one passage.
    expect(groupPassages([face('x', 0, null, 'p'), face('y', 1_000, null, 'p'), face('z', 1_500, null, null)])).toEqual([0, 0, 1]);
  });

  it("scores a face against a subject's own rows and the best other one", () => {
    const sims = similarities(gallery, axis(0, 0.1));
    const anna = matchAgainst(gallery, sims, { identityUuid: 'anna', person: 'anna-person' })!;
    expect(anna.cos).toBeGreaterThan(0.99);
    expect(anna.nn_prob).toBeGreaterThan(0.98);
    expect(anna.svn_margin).toBeGreaterThan(0.8);
    const bob = matchAgainst(gallery, sims, { identityUuid: 'bob', person: null })!;
    expect(bob.nn_prob).toBeLessThan(0.5);
    expect(matchAgainst(gallery, sims, { identityUuid: 'nobody', person: null })).toBe(null);
  });

  it('matches a tap on a High or Medium face or a confirmation; a rejected face does not count', () => {
    const holder = { identityUuid: 'anna', person: 'anna-person' };
    const faces = [face('f1', 0, axis(0))];
    const sure = new Map([['f1', { nn_prob: 0.99, euc: 0, cos: 1, svn_margin: 1 }]]);
    expect(tapVerdict(faces, sure, holder, [])).toMatchObject({ matched: true, bestLabel: 'High', doorFace: 'f1', passages: 1 });
    expect(tapVerdict(faces, sure, holder, [{ detectionId: 'f1', identityUuid: 'anna', rejected: true }]).matched).toBe(false);
    const unsure = new Map([['f1', { nn_prob: 0.6, euc: 0, cos: 0.5, svn_margin: 0 }]]);
    expect(tapVerdict(faces, unsure, holder, [])).toMatchObject({ matched: false, bestLabel: 'Low' });
    expect(tapVerdict(faces, unsure, holder, [{ detectionId: 'f1', identityUuid: 'anna', rejected: false }]).matched).toBe(true);
    expect(tapVerdict([], new Map(), holder, [])).toMatchObject({ faces: 0, passages: 0, matched: false, doorFace: null });
    // Verified without a face (an identity that may keep none): matched, and no face is taken for theirs.
    const withoutFace = tapVerdict(faces, unsure, holder, [{ detectionId: null, identityUuid: 'anna', rejected: false }]);
    expect(withoutFace).toMatchObject({ matched: true, bestLabel: 'Low', doorFace: 'f1' });
    expect(tapVerdict(faces, unsure, holder, [{ detectionId: null, identityUuid: 'bob', rejected: false }]).matched).toBe(false);
  });

  it('flags a badge used by someone else: no face is the holder and one is confidently another known person', () => {
    const holder = { identityUuid: 'anna', person: 'anna-person' };
    const carl = face('c1', 0, axis(2), 'carl-person', 0.95);
    expect(tapVerdict([carl], new Map([['c1', null]]), holder, [])).toMatchObject({ sharedWith: 'carl-person', doorFace: 'c1' });
    // Named with too little confidence, or the holder themself: not sharing.
    expect(tapVerdict([{ ...carl, confidence: 0.8 }], new Map(), holder, []).sharedWith).toBe(null);
    expect(tapVerdict([{ ...carl, person: 'anna-person' }], new Map(), holder, []).sharedWith).toBe(null);
  });

  it('calls more people than taps through the door tailgating', () => {
    expect(isTailgate(2, 1)).toBe(true);
    expect(isTailgate(2, 2)).toBe(false);
    expect(isTailgate(1, 0)).toBe(false);
  });
});
