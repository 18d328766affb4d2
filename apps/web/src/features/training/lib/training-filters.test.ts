import { DEFAULT_TRAINING_FILTERS, TRAINING, type TrainingFilters } from '@vigil/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  detectionsRequest,
  loadTrainingFilters,
  parseTrainingFilters,
  saveTrainingFilters,
  simpleFormFilters,
  startingFilters,
} from './training-filters';

const MAPLE = '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01';
const HARBOR = '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a02';
const CAMERA = 'c1a00001-0000-4000-8000-00000000a001';
const MARGARET = 'f0ce0000-0000-4000-8000-000000000001';
const JOHN = 'f0ce0000-0000-4000-8000-000000000002';

const FULL: TrainingFilters = {
  date: '2023-01-02T20:04:05Z',
  cameraUUID: CAMERA,
  faceHeight: 80,
  faceUUIDs: [MARGARET, JOHN],
  confidence: 0.9,
  confidencePredicate: 'lt',
  shapesOnFaces: true,
  clahe: true,
};

/** A localStorage in memory (the unit project runs in node). */
function memoryStorage() {
  const data = new Map<string, string>();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => data.set(key, value),
      removeItem: (key: string) => data.delete(key),
    },
  });
  return data;
}

afterEach(() => vi.unstubAllGlobals());

describe('stored training filters', () => {
  it('keep one set per building under trainingFilters', () => {
    const data = memoryStorage();
    saveTrainingFilters(MAPLE, FULL);
    saveTrainingFilters(HARBOR, { ...DEFAULT_TRAINING_FILTERS, faceHeight: 40 });
    expect([...data.keys()]).toEqual(['trainingFilters']);
    expect(loadTrainingFilters(MAPLE)).toEqual(FULL);
    expect(loadTrainingFilters(HARBOR).faceHeight).toBe(40);
    expect(loadTrainingFilters('5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a03')).toEqual(DEFAULT_TRAINING_FILTERS);
  });

  it('read leniently: what is missing or unreadable takes its default', () => {
    expect(parseTrainingFilters('{not json')).toEqual(DEFAULT_TRAINING_FILTERS);
    expect(
      parseTrainingFilters({
        date: 'yesterday',
        cameraUUID: 'front-door',
        faceHeight: -3,
        faceUUIDs: ['', MARGARET, 7, MARGARET, 'nobody'],
        confidence: 3,
        confidencePredicate: 'about',
        shapesOnFaces: 'yes',
        clahe: true,
      }),
    ).toEqual({ ...DEFAULT_TRAINING_FILTERS, faceUUIDs: [MARGARET], clahe: true });
  });
});

describe('the filters a list starts with', () => {
  it('/detected/{faceId} filters to that person; an id that fails the check is ignored', () => {
    expect(startingFilters(FULL, JOHN).faceUUIDs).toEqual([JOHN]);
    expect(startingFilters(FULL, 'john')).toBe(FULL);
    expect(startingFilters(FULL, undefined)).toBe(FULL);
  });

  it('the older form (flag off) keeps only the camera and one person', () => {
    expect(simpleFormFilters(FULL)).toEqual({ ...DEFAULT_TRAINING_FILTERS, cameraUUID: CAMERA, faceUUIDs: [MARGARET] });
  });
});

describe('detectionsRequest', () => {
  it("names every filter with the spec's payload names, 20 a page", () => {
    expect(detectionsRequest(MAPLE, FULL, [CAMERA])).toEqual({
      domain_uuid: MAPLE,
      face_uuids: [MARGARET, JOHN],
      min_face_height: 80,
      limit: TRAINING.pageSize,
      camera_uuids: [CAMERA],
      confidence_operator: 'lt',
      confidence: 0.9,
      shapes: true,
      clahe: true,
      before: '2023-01-02T20:04:05Z',
    });
  });

  it('drops a camera the building no longer has; no filters ask for everything up to now', () => {
    expect(detectionsRequest(MAPLE, FULL, []).camera_uuids).toEqual([]);
    expect(detectionsRequest(MAPLE, DEFAULT_TRAINING_FILTERS, [CAMERA])).toMatchObject({
      face_uuids: [],
      camera_uuids: [],
      min_face_height: 0,
      confidence: null,
      before: null,
    });
  });
});
