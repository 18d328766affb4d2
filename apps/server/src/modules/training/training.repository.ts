import type { ConfidencePredicate } from '@vigil/contract';
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import { chunked } from '../../db/chunked.js';
import type { Db } from '../../db/database.js';
import type { Database, FaceDetectionRow } from '../../db/schema.js';

/** What the review list is filtered by (part 2 §3 Training filters, as facesdetected2 sends them). */
export interface DetectionFilters {
  domain: string;
  cameras: readonly string[];
  /** detections that may be any of these people: one of its candidates, or its match */
  people: readonly string[];
  minFaceHeight: number;
  confidence: { op: ConfidencePredicate; value: number } | null;
  /** captured at or before (the date filter) */
  before: number | null;
}

/** Where a page of the list starts: after this detection (newest first), among those stored by `snapshot`. */
export interface ListPosition {
  snapshot: number;
  after: { at: number; id: string } | null;
}

const OPERATORS: Record<ConfidencePredicate, '>=' | '>' | '=' | '<=' | '<'> = { ge: '>=', gt: '>', eq: '=', le: '<=', lt: '<' };

type DetectionQuery = SelectQueryBuilder<Database, 'face_detections', object>;

/**
 * The training tool's reads (part 2 §2, §7): the review list newest first with its filters, what arrived since a
 * list's first page, confirmed faces, and the answers given. Writes go through the faces area (its port).
 */
export class TrainingRepository {
  constructor(private readonly db: Db) {}

  /** A page of the review list: faces (not marked 'Not a Face'), newest first, stable while new ones arrive. */
  page(filters: DetectionFilters, position: ListPosition, limit: number): Promise<FaceDetectionRow[]> {
    let query = this.filtered(filters).selectAll().where('created_at', '<=', position.snapshot);
    const after = position.after;
    if (after)
      query = query.where((eb) =>
        eb.or([eb('captured_at', '<', after.at), eb.and([eb('captured_at', '=', after.at), eb('runtime_face_uuid', '<', after.id)])]),
      );
    return query.orderBy('captured_at', 'desc').orderBy('runtime_face_uuid', 'desc').limit(limit).execute();
  }

  /** Detections matching the filters stored after the list's first page ('Have N new results'). */
  async arrivedSince(filters: DetectionFilters, snapshot: number): Promise<number> {
    const row = await this.filtered({ ...filters, before: null })
      .where('created_at', '>', snapshot)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private filtered(f: DetectionFilters): DetectionQuery {
    let query: DetectionQuery = this.db
      .selectFrom('face_detections')
      .where('domain_uuid', '=', f.domain)
      .where((eb) => eb.or([eb('is_face', 'is', null), eb('is_face', '<>', 0)]));
    if (f.cameras.length > 0) query = query.where('camera_uuid', 'in', [...f.cameras]);
    if (f.minFaceHeight > 0) query = query.where('face_height', '>=', f.minFaceHeight);
    if (f.confidence) query = query.where('confidence', OPERATORS[f.confidence.op], f.confidence.value);
    if (f.before !== null) query = query.where('captured_at', '<=', f.before);
    if (f.people.length > 0) {
      const people = [...f.people];
      // EXISTS, correlated: walking the (building, time) index newest first, each detection's candidates are looked up
      // by their primary key; an IN over every candidate of the person was read whole first (~0.5 s at 1,000,000).
      // `LIMIT 1 OFFSET 0` keeps PostgreSQL from turning the EXISTS into a "hashed SubPlan", which reads every candidate
      // row of the person first (64 ms for 27,000 of them; 1.4 ms looked up per detection: bench:training).
      query = query.where((eb: ExpressionBuilder<Database, 'face_detections'>) =>
        eb.or([
          eb('frontend_face_uuid', 'in', people),
          eb.exists(
            eb
              .selectFrom('face_detection_candidates as c')
              .select(sql`1`.as('one'))
              .whereRef('c.runtime_face_uuid', '=', 'face_detections.runtime_face_uuid')
              .where('c.frontend_face_uuid', 'in', people)
              .limit(1)
              .offset(0),
          ),
        ]),
      );
    }
    return query;
  }

  /** Every answer given about one detection, in the order given (the review log). */
  reviewLog(runtimeFaceUuid: string) {
    return this.db
      .selectFrom('face_reviews')
      .select(['kind', 'frontend_face_uuid', 'answer', 'reviewed_by', 'reviewed_at'])
      .where('runtime_face_uuid', '=', runtimeFaceUuid)
      .orderBy('reviewed_at')
      .orderBy('seq')
      .execute();
  }

  /** People's newest answer about each detection's candidates: who each face was said not to be. */
  async rejections(ids: readonly string[]): Promise<Map<string, Set<string>>> {
    const rows = await chunked([...ids], (slice) =>
      this.db
        .selectFrom('face_reviews')
        .select(['runtime_face_uuid', 'frontend_face_uuid', 'answer'])
        .where('kind', '=', 'match')
        .where('runtime_face_uuid', 'in', slice)
        .orderBy('reviewed_at')
        .orderBy('seq')
        .execute(),
    );
    const newest = new Map<string, Map<string, number | null>>();
    for (const r of rows) {
      const answers = newest.get(r.runtime_face_uuid) ?? new Map<string, number | null>();
      answers.set(r.frontend_face_uuid!, r.answer);
      newest.set(r.runtime_face_uuid, answers);
    }
    return new Map(
      [...newest].map(([id, answers]) => [id, new Set([...answers].filter(([, answer]) => answer === 0).map(([person]) => person))]),
    );
  }

  /** Confirmed faces of a building (or of one person), newest first, with how many there are. */
  async confirmed(
    domain: string,
    person: string | null,
    offset: number,
    limit: number,
  ): Promise<{ rows: FaceDetectionRow[]; total: number }> {
    let query = this.db
      .selectFrom('face_detections')
      .where('domain_uuid', '=', domain)
      .where('match_confirmed', '=', 1)
      .where('frontend_face_uuid', 'is not', null)
      .where((eb) => eb.or([eb('is_face', 'is', null), eb('is_face', '<>', 0)]));
    if (person) query = query.where('frontend_face_uuid', '=', person);
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('captured_at', 'desc').orderBy('runtime_face_uuid', 'desc').offset(offset).limit(limit).execute(),
      query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Detections the analyzer matched at `minConfidence` or more that nobody has answered about (with an embedding). */
  async analyzerSure(domain: string, minConfidence: number, limit: number): Promise<{ id: string; person: string }[]> {
    const rows = await this.db
      .selectFrom('face_detections')
      .innerJoin('face_embeddings', 'face_embeddings.runtime_face_uuid', 'face_detections.runtime_face_uuid')
      .select(['face_detections.runtime_face_uuid as id', 'face_detections.analyzer_face_uuid as person'])
      .where('face_detections.domain_uuid', '=', domain)
      .where('face_detections.analyzer_face_uuid', 'is not', null)
      .where('face_detections.confidence', '>=', minConfidence)
      .where('face_detections.match_confirmed', 'is', null)
      .where('face_detections.is_face', 'is', null)
      .orderBy('face_detections.captured_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: r.id, person: r.person! }));
  }

  /** The vectors a match finder compares with: a person's confirmed faces (newest first) and registry photos, by embedder. */
  async personVectors(person: string, limit: number): Promise<{ embedder: string; vector: Buffer }[]> {
    const tags = await this.db
      .selectFrom('face_detections')
      .innerJoin('face_embeddings', 'face_embeddings.runtime_face_uuid', 'face_detections.runtime_face_uuid')
      .select(['face_embeddings.embedder as embedder', 'face_embeddings.vector as vector'])
      .where('face_detections.frontend_face_uuid', '=', person)
      .where('face_detections.match_confirmed', '=', 1)
      .orderBy('face_detections.captured_at', 'desc')
      .limit(limit)
      .execute();
    const photos = await this.db
      .selectFrom('face_photo_embeddings')
      .innerJoin('face_images', 'face_images.uuid', 'face_photo_embeddings.image_uuid')
      .select(['face_photo_embeddings.embedder as embedder', 'face_photo_embeddings.vector as vector'])
      .where('face_images.face_uuid', '=', person)
      .execute();
    return [...tags, ...photos];
  }

  /**
   * A building's registry photos and newest confirmed faces made by `embedder`, with whose each is (what faces are
   * compared with when the building has no model loaded).
   */
  async galleryVectors(domain: string, embedder: string, confirmedLimit: number): Promise<{ person: string; vector: Buffer }[]> {
    const photos = await this.db
      .selectFrom('face_photo_embeddings')
      .innerJoin('face_images', 'face_images.uuid', 'face_photo_embeddings.image_uuid')
      .innerJoin('faces', 'faces.uuid', 'face_images.face_uuid')
      .select(['faces.uuid as person', 'face_photo_embeddings.vector as vector'])
      .where('faces.domain_uuid', '=', domain)
      .where('faces.removed_at', 'is', null)
      .where('face_photo_embeddings.embedder', '=', embedder)
      .execute();
    const tags = await this.db
      .selectFrom('face_detections')
      .innerJoin('face_embeddings', 'face_embeddings.runtime_face_uuid', 'face_detections.runtime_face_uuid')
      .select(['face_detections.frontend_face_uuid as person', 'face_embeddings.vector as vector'])
      .where('face_detections.domain_uuid', '=', domain)
      .where('face_detections.match_confirmed', '=', 1)
      .where('face_embeddings.embedder', '=', embedder)
      .orderBy('face_detections.captured_at', 'desc')
      .limit(confirmedLimit)
      .execute();
    return [...photos, ...tags.map((t) => ({ person: t.person!, vector: t.vector }))];
  }

  /** One detection's embedding. */
  faceVector(runtimeFaceUuid: string): Promise<{ embedder: string; vector: Buffer; domain_uuid: string } | undefined> {
    return this.db
      .selectFrom('face_embeddings')
      .innerJoin('face_detections', 'face_detections.runtime_face_uuid', 'face_embeddings.runtime_face_uuid')
      .select(['face_embeddings.embedder as embedder', 'face_embeddings.vector as vector', 'face_detections.domain_uuid as domain_uuid'])
      .where('face_embeddings.runtime_face_uuid', '=', runtimeFaceUuid)
      .executeTakeFirst();
  }

  /** Every building and embedder with codes (the match finder reads them ahead of the first search). */
  codeShelves(): Promise<{ domain_uuid: string; embedder: string }[]> {
    return this.db.selectFrom('face_embedding_codes').select(['domain_uuid', 'embedder']).distinct().execute();
  }

  /** The match finder's index: a building's codes of one embedder after `seq`, in order. */
  codesAfter(domain: string, embedder: string, seq: number, limit: number) {
    return this.db
      .selectFrom('face_embedding_codes')
      .select(['seq', 'camera_uuid', 'captured_at', 'code'])
      .where('domain_uuid', '=', domain)
      .where('embedder', '=', embedder)
      .where('seq', '>', seq)
      .orderBy('seq')
      .limit(limit)
      .execute();
  }

  /** The faces the finder's first pass put forward, with their 8-bit embeddings, to be compared exactly (gone ones are missing). */
  finderFaces(seqs: readonly number[]) {
    return chunked(seqs, (slice) =>
      this.db
        .selectFrom('face_embedding_codes')
        .innerJoin('face_detections', 'face_detections.runtime_face_uuid', 'face_embedding_codes.runtime_face_uuid')
        .select([
          'face_embedding_codes.seq as seq',
          'face_detections.runtime_face_uuid as runtime_face_uuid',
          'face_detections.camera_uuid as camera_uuid',
          'face_detections.captured_at as captured_at',
          'face_detections.frontend_face_uuid as frontend_face_uuid',
          'face_detections.match_confirmed as match_confirmed',
          'face_detections.is_face as is_face',
          'face_embedding_codes.vector8 as vector8',
        ])
        .where('face_embedding_codes.seq', 'in', slice)
        .execute(),
    );
  }
}
