import { chunked } from '../../db/chunked.js';
import type { Executor } from '../../db/database.js';
import type { AccessEventRow, BadgeCredentialRow, BadgeTagRow, BadgeVerificationRow } from '../../db/schema.js';

/**
 * A person's badge data as their erasure and subject access export read it, in the caller's transaction: their badge
 * identities' credentials, taps and verified matches (the door faces confirmed or rejected for them, and the taps
 * verified without a face kept).
 */
export class PersonBadgesRepository {
  credentials(db: Executor, identities: readonly string[]): Promise<BadgeCredentialRow[]> {
    return chunked(identities, (slice) =>
      db.selectFrom('badge_credentials').selectAll().where('identity_uuid', 'in', slice).orderBy('created_at').execute(),
    );
  }

  /** Their taps, oldest first, with the access point's name. */
  taps(db: Executor, identities: readonly string[]): Promise<(AccessEventRow & { access_point: string | null })[]> {
    return chunked(identities, (slice) =>
      db
        .selectFrom('access_events as e')
        .leftJoin('access_points as p', 'p.uuid', 'e.access_point_uuid')
        .selectAll('e')
        .select('p.description as access_point')
        .where('e.identity_uuid', 'in', slice)
        .orderBy('e.event_at')
        .orderBy('e.uuid')
        .execute(),
    );
  }

  /** The faces confirmed or rejected for their identities at taps, oldest first. */
  tags(db: Executor, identities: readonly string[]): Promise<BadgeTagRow[]> {
    return chunked(identities, (slice) =>
      db.selectFrom('badge_tags').selectAll().where('identity_uuid', 'in', slice).orderBy('verified_at').orderBy('detection_id').execute(),
    );
  }

  /** Taps verified for their identities without a face kept (consent required and not given), oldest first. */
  verifications(db: Executor, identities: readonly string[]): Promise<BadgeVerificationRow[]> {
    return chunked(identities, (slice) =>
      db.selectFrom('badge_verifications').selectAll().where('identity_uuid', 'in', slice).orderBy('verified_at').execute(),
    );
  }

  /** The detections confirmed (not rejected) as one of these identities: faces of the person the badges belong to. */
  async verifiedFaces(db: Executor, identities: readonly string[]): Promise<string[]> {
    const rows = await chunked(identities, (slice) =>
      db.selectFrom('badge_tags').select('detection_id').where('identity_uuid', 'in', slice).where('rejected', '=', 0).execute(),
    );
    return [...new Set(rows.map((r) => r.detection_id))];
  }
}
