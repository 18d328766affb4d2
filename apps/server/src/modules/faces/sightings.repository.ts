import { chunked } from '../../db/chunked.js';
import type { Db } from '../../db/database.js';
import { floats } from '../../db/vectors.js';

/** Faces as other areas look them up by where and when they were seen (badges: the faces at a door around a tap). */
export class SightingsRepository {
  constructor(private readonly db: Db) {}

  /**
   * The faces a camera saw between two moments (a door around a badge tap), oldest first, with their embeddings:
   * not-a-face answers left out.
   */
  async atCamera(camera: string, from: number, to: number, limit: number) {
    const rows = await this.db
      .selectFrom('face_detections')
      .leftJoin('face_embeddings', 'face_embeddings.runtime_face_uuid', 'face_detections.runtime_face_uuid')
      .select([
        'face_detections.runtime_face_uuid as id',
        'face_detections.captured_at as at',
        'face_detections.frontend_face_uuid as person',
        'face_detections.confidence as confidence',
        'face_detections.face_confidence as face_confidence',
        'face_detections.match_confirmed as match_confirmed',
        'face_embeddings.embedder as embedder',
        'face_embeddings.vector as vector',
      ])
      .where('face_detections.camera_uuid', '=', camera)
      .where('face_detections.captured_at', '>=', from)
      .where('face_detections.captured_at', '<=', to)
      .where((eb) => eb.or([eb('face_detections.is_face', 'is', null), eb('face_detections.is_face', '<>', 0)]))
      .orderBy('face_detections.captured_at')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, at: Number(r.at), vector: r.vector ? floats(r.vector) : null }));
  }

  /** Embeddings of detections (by id), made by `embedder`. */
  async embeddingsOf(ids: readonly string[], embedder: string): Promise<Map<string, Float32Array>> {
    const rows = await chunked(ids, (slice) =>
      this.db
        .selectFrom('face_embeddings')
        .select(['runtime_face_uuid', 'vector'])
        .where('runtime_face_uuid', 'in', slice)
        .where('embedder', '=', embedder)
        .execute(),
    );
    return new Map(rows.map((r) => [r.runtime_face_uuid, floats(r.vector)]));
  }
}
