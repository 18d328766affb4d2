import type { Executor, Trx } from '../../db/database.js';
import { HttpError } from '../../lib/http-error.js';
import type { FinderIndex } from './finder-index.js';
import { withoutOwner } from './model-codec.js';
import type { ModelsRepository } from './models.repository.js';

/** A model that knows a person, as their export lists it. */
export interface PersonModel {
  label: string;
  created_at: number;
  num_tags_training: number;
  num_tags_validation: number;
  f1_score: number | null;
}

/**
 * What training holds of one person, for their erasure and their subject access export (faces asks, training
 * decides): the models that know them, and the match finder's in-memory codes of their faces.
 *
 * Erased, a person is taken out of every model of their building, which stays loadable without them: their
 * prototypes (rows of face_models.prototypes and their owners in the calibration's JSON) and identity row go, their
 * tags leave the held-out list and the tag counts. The figures measured at training (accuracy, false accept rate,
 * threshold) are kept as they were measured; retraining measures them again.
 */
export class PersonModelsService {
  constructor(private readonly d: { models: ModelsRepository; finder?: FinderIndex }) {}

  /** The models that know the person, oldest first. */
  async modelsOf(db: Executor, person: string): Promise<PersonModel[]> {
    const identities = await this.d.models.identitiesOf(db, person);
    const models = await Promise.all(identities.map(async (i) => ({ identity: i, model: await this.d.models.byUuid(i.model_uuid) })));
    return models
      .filter((m) => m.model !== undefined)
      .map(({ identity, model }) => ({
        label: model!.label,
        created_at: model!.created_at,
        num_tags_training: identity.num_tags_training,
        num_tags_validation: identity.num_tags_validation,
        f1_score: identity.f1_score,
      }))
      .sort((a, b) => a.created_at - b.created_at);
  }

  /** How many of the building's models know the person (what an erasure would change). */
  async countKnowing(db: Executor, domain: string, person: string): Promise<number> {
    return (await this.d.models.touching(db, domain, person, [])).length;
  }

  /**
   * A training under way read the building's faces when it started: it could write the person back into a model
   * after their erasure. The erasure waits for it (409).
   */
  async checkNoTraining(db: Executor, domain: string): Promise<void> {
    if (await this.d.models.training(db, domain))
      throw new HttpError(409, 'A model is being trained in this building: erase them once it has finished (a few minutes at most).');
  }

  /**
   * In the erasure's transaction: the person out of every model of the building, and their tags (`tags`, detections
   * being deleted) out of the held-out lists. Returns how many models knew them.
   */
  async erase(trx: Trx, domain: string, person: string, tags: readonly string[]): Promise<number> {
    const gone = new Set(tags);
    const identities = new Map((await this.d.models.identitiesOf(trx, person)).map((i) => [i.model_uuid, i]));
    let knew = 0;
    for (const model of await this.d.models.touching(trx, domain, person, tags)) {
      const identity = identities.get(model.uuid);
      const stripped = model.calibration && model.prototypes ? withoutOwner(model.calibration, model.prototypes, person) : null;
      const heldOut = model.held_out === null ? null : (JSON.parse(model.held_out) as string[]).filter((id) => !gone.has(id));
      if (identity || (stripped?.removed ?? 0) > 0) knew += 1;
      await this.d.models.removePerson(trx, model.uuid, person, {
        calibration: stripped?.calibration ?? model.calibration,
        prototypes: stripped?.prototypes ?? model.prototypes,
        held_out: heldOut === null ? null : JSON.stringify(heldOut),
        num_identities: model.num_identities === null ? null : Math.max(0, model.num_identities - (identity ? 1 : 0)),
        num_tags_training:
          model.num_tags_training === null ? null : Math.max(0, model.num_tags_training - (identity?.num_tags_training ?? 0)),
        num_tags_validation:
          model.num_tags_validation === null ? null : Math.max(0, model.num_tags_validation - (identity?.num_tags_validation ?? 0)),
      });
    }
    return knew;
  }

  /** After the erasure's commit: the match finder's codes of the deleted faces, wiped from memory (per embedder). */
  async forgetFaces(domain: string, seqsByEmbedder: ReadonlyMap<string, readonly number[]>): Promise<void> {
    for (const [embedder, seqs] of seqsByEmbedder) await this.d.finder?.erase(domain, embedder, seqs);
  }
}
