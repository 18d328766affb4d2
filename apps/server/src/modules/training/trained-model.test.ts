import type { TrainedModel } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import { readCalibration } from './model-codec.js';
import { finishedModel, withoutPeople } from './trained-model.js';

// What a finished training saves, and the same without people who left the building while it trained.

const ADA = 'f0ce0001-0000-4000-8000-0000000000a1';
const BO = 'f0ce0001-0000-4000-8000-0000000000b1';
const trained: TrainedModel = {
  prototypes: [
    { identity: ADA, vector: Float32Array.from([1, 0]) },
    { identity: BO, vector: Float32Array.from([0, 1]) },
    { identity: ADA, vector: Float32Array.from([0.6, 0.8]) },
  ],
  calibration: { w_sim: 20, w_margin: 10, bias: -14, threshold: 0.92 },
  heldOut: ['t-ada-1', 't-bo-1', 't-bo-2'],
  top1: 1,
  top5: 1,
  falseAcceptRate: 0,
  falseAcceptRateNegatives: 0,
  identities: [
    { id: ADA, training: 5, validation: 1, f1: 1 },
    { id: BO, training: 4, validation: 2, f1: 0.8 },
  ],
  tagsTraining: 9,
  tagsValidation: 3,
  negatives: 0,
};
const owners = new Map([
  ['t-ada-1', ADA],
  ['t-bo-1', BO],
  ['t-bo-2', BO],
]);

describe('a trained model without people who left while it trained', () => {
  it('drops their prototypes, identity, held-out tags and tag counts, and keeps the rest as trained', () => {
    const kept = withoutPeople(trained, new Set([ADA]), owners);
    expect(kept.prototypes.map((p) => p.identity)).toEqual([BO]);
    expect(kept.identities.map((i) => i.id)).toEqual([BO]);
    expect(kept.heldOut).toEqual(['t-bo-1', 't-bo-2']);
    expect({ training: kept.tagsTraining, validation: kept.tagsValidation }).toEqual({ training: 4, validation: 2 });
    expect(kept.calibration).toEqual(trained.calibration);
    expect(withoutPeople(trained, new Set(), owners)).toBe(trained);
  });

  it('saves what is kept: owners in the calibration, one float32 row each, an identity row per person named from the registry', () => {
    const { change, identities } = finishedModel(
      'm1',
      withoutPeople(trained, new Set([ADA]), owners),
      2,
      new Map([[BO, { name: 'Bo B', role: 'resident' }]]),
      5,
    );
    expect(readCalibration(change.calibration!).owners).toEqual([BO]);
    expect(change.prototypes!.length).toBe(2 * 4);
    expect(change).toMatchObject({ status: 'ready', num_identities: 1, num_tags_training: 4, num_tags_validation: 2, finished_at: 5 });
    expect(identities).toEqual([
      {
        model_uuid: 'm1',
        frontend_face_uuid: BO,
        name: 'Bo B',
        category: 'resident',
        num_tags_training: 4,
        num_tags_validation: 2,
        f1_score: 0.8,
      },
    ]);
  });
});
