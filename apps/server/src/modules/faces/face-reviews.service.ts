import { effectiveMatch } from '@vigil/contract';
import type { Db } from '../../db/database.js';
import type { FacesRepository } from './faces.repository.js';
import type { RegistryRepository } from './registry.repository.js';

const bit = (answer: boolean | null) => (answer === null ? null : answer ? 1 : 0);

/**
 * What people answer about detections (is it this person; is it a face): every answer is a row of the review log, the
 * detection's match is recomputed from the analyzer's and the log (contract effectiveMatch), and the last seen of whoever
 * it was and now is follows, in one transaction that this service starts and owns.
 */
export class FaceReviewsService {
  constructor(
    private readonly d: {
      db: Db;
      faces: Pick<FacesRepository, 'reviewed' | 'logReviews' | 'matchAnswers' | 'setMatch' | 'setIsFace' | 'setVisitor'>;
      registry: Pick<RegistryRepository, 'recomputeLastSeen'>;
    },
  ) {}

  /** The same answer about each of the detections' match (DECISIONS.md: true it is them, false it is not, null no opinion). */
  async reviewMatch(runtimeFaceUuids: string[], person: string, answer: boolean | null, by: string, at: number): Promise<void> {
    await this.d.db.transaction().execute(async (trx) => {
      const detections = await this.d.faces.reviewed(trx, runtimeFaceUuids);
      await this.d.faces.logReviews(
        trx,
        detections.map((d) => ({
          runtime_face_uuid: d.runtime_face_uuid,
          domain_uuid: d.domain_uuid,
          kind: 'match' as const,
          frontend_face_uuid: person,
          answer: bit(answer),
          reviewed_by: by,
          reviewed_at: at,
        })),
      );
      const answers = await this.d.faces.matchAnswers(
        trx,
        detections.map((d) => d.runtime_face_uuid),
      );
      const touched = new Set<string>();
      for (const d of detections) {
        const match = effectiveMatch(d.analyzer_face_uuid, answers.get(d.runtime_face_uuid) ?? []);
        await this.d.faces.setMatch(trx, d.runtime_face_uuid, { ...match, by, at });
        for (const who of [d.frontend_face_uuid, match.person]) if (who) touched.add(who);
      }
      for (const who of touched) await this.d.registry.recomputeLastSeen(trx, who);
    });
  }

  /**
   * 'Visitor': the detection is the new regular_visitor made from it (a log row, the link kept on the detection), and
   * a confirmed match to them. False when it was made a visitor before (nothing written).
   */
  async markVisitor(runtimeFaceUuid: string, visitor: string, by: string, at: number): Promise<boolean> {
    const marked = await this.d.db.transaction().execute(async (trx) => {
      const [detection] = await this.d.faces.reviewed(trx, [runtimeFaceUuid]);
      if (!detection || !(await this.d.faces.setVisitor(trx, runtimeFaceUuid, visitor))) return false;
      await this.d.faces.logReviews(trx, [
        {
          runtime_face_uuid: runtimeFaceUuid,
          domain_uuid: detection.domain_uuid,
          kind: 'visitor',
          frontend_face_uuid: visitor,
          answer: 1,
          reviewed_by: by,
          reviewed_at: at,
        },
      ]);
      return true;
    });
    if (marked) await this.reviewMatch([runtimeFaceUuid], visitor, true, by, at);
    return marked;
  }

  /** 'Not a Face' (false) or taking it back (true or null); the matched person's last seen follows. */
  async reviewIsFace(runtimeFaceUuid: string, isFace: boolean | null, by: string, at: number): Promise<void> {
    await this.d.db.transaction().execute(async (trx) => {
      const [detection] = await this.d.faces.reviewed(trx, [runtimeFaceUuid]);
      if (!detection) return;
      await this.d.faces.logReviews(trx, [
        {
          runtime_face_uuid: runtimeFaceUuid,
          domain_uuid: detection.domain_uuid,
          kind: 'face',
          frontend_face_uuid: null,
          answer: bit(isFace),
          reviewed_by: by,
          reviewed_at: at,
        },
      ]);
      await this.d.faces.setIsFace(trx, runtimeFaceUuid, { isFace: bit(isFace), by, at });
      if (detection.frontend_face_uuid) await this.d.registry.recomputeLastSeen(trx, detection.frontend_face_uuid);
    });
  }
}
