import type { TrainedModel } from '@vigil/contract';
import type { FaceModelIdentityRow, FaceModelRow } from '../../db/schema.js';
import { encodeModel } from './model-codec.js';

/**
 * A trained model without people who left the building while it trained (erased or deleted after its faces were
 * read): their prototypes, identities and held-out tags go, and the tag counts with them, as an erasure takes a person
 * out of a saved model. The figures measured at training are kept as they were measured (retraining measures them again).
 */
export function withoutPeople(trained: TrainedModel, gone: ReadonlySet<string>, tagOwners: ReadonlyMap<string, string>): TrainedModel {
  if (gone.size === 0) return trained;
  const leaving = trained.identities.filter((i) => gone.has(i.id));
  const heldOut = trained.heldOut.filter((id) => !gone.has(tagOwners.get(id) ?? ''));
  return {
    ...trained,
    prototypes: trained.prototypes.filter((p) => !gone.has(p.identity)),
    identities: trained.identities.filter((i) => !gone.has(i.id)),
    heldOut,
    tagsTraining: trained.tagsTraining - leaving.reduce((n, i) => n + i.training, 0),
    tagsValidation: heldOut.length,
  };
}

/** What a finished training writes: the model row's results and its identities (named as the registry names them). */
export function finishedModel(
  model: string,
  trained: TrainedModel,
  dims: number,
  people: ReadonlyMap<string, { name: string; role: string }>,
  at: number,
): { change: Partial<FaceModelRow>; identities: FaceModelIdentityRow[] } {
  const measured = trained.heldOut.length > 0;
  const encoded = encodeModel(trained.calibration, trained.prototypes, dims);
  return {
    change: {
      status: 'ready',
      progress: 1,
      message: null,
      finished_at: at,
      held_out: JSON.stringify(trained.heldOut),
      top1_accuracy: measured ? trained.top1 : null,
      top5_accuracy: measured ? trained.top5 : null,
      false_accept_rate: measured ? trained.falseAcceptRate : null,
      false_accept_rate_negatives: trained.negatives > 0 ? trained.falseAcceptRateNegatives : null,
      threshold: trained.calibration.threshold,
      calibration: encoded.calibration,
      prototypes: encoded.prototypes,
      num_identities: trained.identities.length,
      num_tags_training: trained.tagsTraining,
      num_tags_validation: trained.tagsValidation,
      num_negatives: trained.negatives,
    },
    identities: trained.identities.map((i) => ({
      model_uuid: model,
      frontend_face_uuid: i.id,
      name: people.get(i.id)?.name ?? 'Unknown person',
      category: people.get(i.id)?.role ?? 'unknown',
      num_tags_training: i.training,
      num_tags_validation: i.validation,
      f1_score: i.f1,
    })),
  };
}
