import { TRAINING_API, type ConfirmedFace } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import { confirmedView, nextConfirmedOffset } from './confirmed-view';

const MARGARET = 'f0ce0000-0000-4000-8000-000000000001';
const known = (id: string) => (id === MARGARET ? 'Margaret Hill' : undefined);
const page = (n: number, total: number) => ({ faces_confirmed: Array.from({ length: n }, () => ({}) as ConfirmedFace), total });

describe('confirmedView', () => {
  it("a valid id of a person of the building: 'Confirmed Faces for {person}', that person only", () => {
    expect(confirmedView(MARGARET, known)).toEqual({ personId: MARGARET, title: 'Confirmed Faces for Margaret Hill' });
  });

  it("no id, an id that fails the check, or one that names nobody here: 'All Confirmed Faces'", () => {
    const all = { personId: null, title: 'All Confirmed Faces' };
    expect(confirmedView(undefined, known)).toEqual(all);
    expect(confirmedView('margaret', known)).toEqual(all);
    expect(confirmedView('f0ce0000-0000-4000-8000-000000000002', known)).toEqual(all);
  });
});

describe('nextConfirmedOffset', () => {
  const size = TRAINING_API.confirmedPageSize;
  it('goes on after the faces loaded until the total is loaded', () => {
    expect(nextConfirmedOffset(page(size, 120), [page(size, 120)])).toBe(50);
    expect(nextConfirmedOffset(page(size, 120), [page(size, 120), page(size, 120)])).toBe(100);
    expect(nextConfirmedOffset(page(20, 120), [page(size, 120), page(size, 120), page(20, 120)])).toBeUndefined();
    expect(nextConfirmedOffset(page(size, 50), [page(size, 50)])).toBeUndefined();
  });

  it('counts a removed face out (the next page starts one earlier), and stops at an empty page', () => {
    const shortened = page(size - 1, 120);
    expect(nextConfirmedOffset(shortened, [shortened])).toBe(49);
    expect(nextConfirmedOffset(page(0, 120), [page(size - 1, 120), page(0, 120)])).toBeUndefined();
  });
});
