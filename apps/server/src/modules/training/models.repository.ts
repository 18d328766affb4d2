import type { Db, Executor, Trx } from '../../db/database.js';
import type { FaceModelIdentityRow, FaceModelRow, NewFaceModel } from '../../db/schema.js';
import { chunked, eachChunk } from '../../db/chunked.js';
import { floats } from '../../db/vectors.js';

/** What a building's faces give a training: tags (confirmed faces), photos and hard negatives, of one embedder. */
export interface TrainingData {
  tags: { id: string; person: string; vector: Float32Array }[];
  photos: { id: string; person: string; vector: Float32Array }[];
  negatives: { id: string; notPerson: string | null; vector: Float32Array }[];
  people: { uuid: string; name: string; role: string }[];
}

/** Models of a building (face_models, face_model_identities, domain_models) and the data they are trained on. */
export class ModelsRepository {
  constructor(private readonly db: Db) {}

  async insert(row: NewFaceModel): Promise<void> {
    await this.db.insertInto('face_models').values(row).execute();
  }

  async update(uuid: string, change: Partial<Omit<FaceModelRow, 'uuid' | 'domain_uuid' | 'label'>>): Promise<void> {
    await this.db.updateTable('face_models').set(change).where('uuid', '=', uuid).execute();
  }

  /** A finished training's results and identities, in the transaction that saves them together. */
  async finish(trx: Trx, uuid: string, change: Partial<FaceModelRow>, identities: FaceModelIdentityRow[]): Promise<void> {
    await eachChunk(identities, (slice) => trx.insertInto('face_model_identities').values(slice).execute());
    await trx.updateTable('face_models').set(change).where('uuid', '=', uuid).execute();
  }

  /** Which of these people are still in the building's registry (not erased, not deleted). */
  async presentPeople(db: Executor, domain: string, people: readonly string[]): Promise<Set<string>> {
    const rows = await chunked(people, (slice) =>
      db
        .selectFrom('faces')
        .select('uuid')
        .where('domain_uuid', '=', domain)
        .where('removed_at', 'is', null)
        .where('uuid', 'in', slice)
        .execute(),
    );
    return new Set(rows.map((r) => r.uuid));
  }

  /** Trainings a stopped server left running: failed, with the reason. */
  async failRunning(message: string, at: number): Promise<number> {
    const result = await this.db
      .updateTable('face_models')
      .set({ status: 'failed', message, finished_at: at })
      .where('status', '=', 'training')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** A building's models, newest first, without their prototypes. */
  list(domain: string): Promise<Omit<FaceModelRow, 'prototypes' | 'held_out'>[]> {
    return this.db
      .selectFrom('face_models')
      .select([
        'uuid',
        'domain_uuid',
        'label',
        'status',
        'progress',
        'message',
        'embedder',
        'created_by',
        'created_at',
        'finished_at',
        'seed',
        'top1_accuracy',
        'top5_accuracy',
        'false_accept_rate',
        'false_accept_rate_negatives',
        'threshold',
        'calibration',
        'num_identities',
        'num_tags_training',
        'num_tags_validation',
        'num_negatives',
      ])
      .where('domain_uuid', '=', domain)
      .orderBy('created_at', 'desc')
      .execute();
  }

  byLabel(domain: string, label: string): Promise<FaceModelRow | undefined> {
    return this.db.selectFrom('face_models').selectAll().where('domain_uuid', '=', domain).where('label', '=', label).executeTakeFirst();
  }

  byUuid(uuid: string): Promise<FaceModelRow | undefined> {
    return this.db.selectFrom('face_models').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  }

  identities(model: string): Promise<FaceModelIdentityRow[]> {
    return this.db.selectFrom('face_model_identities').selectAll().where('model_uuid', '=', model).orderBy('name').execute();
  }

  /** The model a building has loaded. */
  current(domain: string): Promise<{ model_uuid: string; loaded_at: number; loaded_by: string } | undefined> {
    return this.db
      .selectFrom('domain_models')
      .select(['model_uuid', 'loaded_at', 'loaded_by'])
      .where('domain_uuid', '=', domain)
      .executeTakeFirst();
  }

  /** The building's loaded model, without its prototypes' bytes (what the analyzers' gallery polls need). */
  loadedRow(domain: string) {
    return this.db
      .selectFrom('domain_models')
      .innerJoin('face_models', 'face_models.uuid', 'domain_models.model_uuid')
      .select(['face_models.uuid', 'face_models.label', 'face_models.status', 'face_models.embedder', 'face_models.calibration'])
      .where('domain_models.domain_uuid', '=', domain)
      .executeTakeFirst();
  }

  async setCurrent(domain: string, model: string, by: string, at: number): Promise<void> {
    await this.db
      .insertInto('domain_models')
      .values({ domain_uuid: domain, model_uuid: model, loaded_at: at, loaded_by: by })
      .onConflict((oc) => oc.column('domain_uuid').doUpdateSet({ model_uuid: model, loaded_at: at, loaded_by: by }))
      .execute();
  }

  /**
   * The models that know a person (an identity of theirs, or a prototype: its owner is in the calibration's JSON), or
   * that held out one of `tags` to measure themselves; with their prototypes, for an erasure to take the person out.
   */
  async touching(db: Executor, domain: string, person: string, tags: readonly string[]): Promise<FaceModelRow[]> {
    const known = new Set(
      (await db.selectFrom('face_model_identities').select('model_uuid').where('frontend_face_uuid', '=', person).execute()).map(
        (r) => r.model_uuid,
      ),
    );
    const wanted = new Set(tags);
    const rows = await db.selectFrom('face_models').selectAll().where('domain_uuid', '=', domain).execute();
    return rows.filter(
      (m) =>
        known.has(m.uuid) ||
        (m.calibration?.includes(person) ?? false) ||
        (m.held_out !== null && (JSON.parse(m.held_out) as string[]).some((id) => wanted.has(id))),
    );
  }

  /** Whether a training of the building is under way (its row says so until it finishes or fails). */
  async training(db: Executor, domain: string): Promise<boolean> {
    const row = await db
      .selectFrom('face_models')
      .select('uuid')
      .where('domain_uuid', '=', domain)
      .where('status', '=', 'training')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A person's identity rows (their name and figures in each model that knows them). */
  identitiesOf(db: Executor, person: string): Promise<FaceModelIdentityRow[]> {
    return db.selectFrom('face_model_identities').selectAll().where('frontend_face_uuid', '=', person).execute();
  }

  /** An erasure's change to one model, in its transaction: the person's identity row goes, the model is rewritten. */
  async removePerson(
    trx: Trx,
    model: string,
    person: string,
    change: Pick<FaceModelRow, 'calibration' | 'prototypes' | 'held_out' | 'num_identities' | 'num_tags_training' | 'num_tags_validation'>,
  ): Promise<void> {
    await trx.deleteFrom('face_model_identities').where('model_uuid', '=', model).where('frontend_face_uuid', '=', person).execute();
    await trx.updateTable('face_models').set(change).where('uuid', '=', model).execute();
  }

  /** The embedders of a building's confirmed faces and registry photos, with how many vectors each made. */
  async embedders(domain: string): Promise<Map<string, number>> {
    const tags = await this.db
      .selectFrom('face_detections')
      .innerJoin('face_embeddings', 'face_embeddings.runtime_face_uuid', 'face_detections.runtime_face_uuid')
      .select(['face_embeddings.embedder as embedder', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('face_detections.domain_uuid', '=', domain)
      .where('face_detections.match_confirmed', '=', 1)
      .groupBy('face_embeddings.embedder')
      .execute();
    const photos = await this.db
      .selectFrom('face_photo_embeddings')
      .innerJoin('face_images', 'face_images.uuid', 'face_photo_embeddings.image_uuid')
      .innerJoin('faces', 'faces.uuid', 'face_images.face_uuid')
      .select(['face_photo_embeddings.embedder as embedder', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('faces.domain_uuid', '=', domain)
      .groupBy('face_photo_embeddings.embedder')
      .execute();
    const counts = new Map<string, number>();
    for (const r of [...tags, ...photos]) counts.set(r.embedder, (counts.get(r.embedder) ?? 0) + Number(r.n));
    return counts;
  }

  /** Everything a training of the building needs, from one embedder's vectors; people deleted are left out. */
  async trainingData(domain: string, embedder: string): Promise<TrainingData> {
    const people = await this.db
      .selectFrom('faces')
      .select(['uuid', 'first_name', 'last_name', 'role'])
      .where('domain_uuid', '=', domain)
      .where('removed_at', 'is', null)
      .execute();
    const present = new Set(people.map((p) => p.uuid));
    const detections = await this.db
      .selectFrom('face_detections')
      .innerJoin('face_embeddings', 'face_embeddings.runtime_face_uuid', 'face_detections.runtime_face_uuid')
      .select([
        'face_detections.runtime_face_uuid as id',
        'face_detections.frontend_face_uuid as person',
        'face_detections.match_confirmed as confirmed',
        'face_detections.is_face as is_face',
        'face_embeddings.vector as vector',
      ])
      .where('face_detections.domain_uuid', '=', domain)
      .where('face_embeddings.embedder', '=', embedder)
      .where((eb) => eb.or([eb('face_detections.is_face', '=', 0), eb('face_detections.match_confirmed', 'is not', null)]))
      .execute();
    const photos = await this.db
      .selectFrom('face_photo_embeddings')
      .innerJoin('face_images', 'face_images.uuid', 'face_photo_embeddings.image_uuid')
      .innerJoin('faces', 'faces.uuid', 'face_images.face_uuid')
      .select(['face_images.uuid as id', 'face_images.face_uuid as person', 'face_photo_embeddings.vector as vector'])
      .where('faces.domain_uuid', '=', domain)
      .where('faces.removed_at', 'is', null)
      .where('face_photo_embeddings.embedder', '=', embedder)
      .execute();
    return {
      // A face marked 'Not a Face' is a negative whatever else was said of it.
      tags: detections
        .filter((d) => d.is_face !== 0 && d.confirmed === 1 && d.person !== null && present.has(d.person))
        .map((d) => ({ id: d.id, person: d.person!, vector: floats(d.vector) })),
      negatives: detections
        .filter((d) => d.is_face === 0 || (d.confirmed === 0 && d.person !== null))
        .map((d) => ({ id: d.id, notPerson: d.is_face === 0 ? null : d.person, vector: floats(d.vector) })),
      photos: photos.map((p) => ({ id: p.id, person: p.person, vector: floats(p.vector) })),
      people: people.map((p) => ({ uuid: p.uuid, name: `${p.first_name} ${p.last_name}`, role: p.role })),
    };
  }
}
