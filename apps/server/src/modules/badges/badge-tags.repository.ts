import { chunked, eachChunk } from '../../db/chunked.js';
import type { Db, Executor, Trx } from '../../db/database.js';
import type { BadgeTagRow, BadgeVerificationRow } from '../../db/schema.js';

/**
 * Verified matches: a tap's faces confirmed (or rejected) for an identity, with who and when (migration 0018); and taps
 * verified for an identity that keeps no face (migration 0021). Writers recount the identities they touched, under the
 * building's lock.
 */
export class BadgeTagsRepository {
  constructor(private readonly db: Db) {}

  tagsOfTaps(db: Executor, taps: readonly string[]): Promise<BadgeTagRow[]> {
    return chunked(taps, (slice) => db.selectFrom('badge_tags').selectAll().where('access_event_uuid', 'in', slice).execute());
  }

  tagsOfIdentity(identityUuid: string, includeRejected: boolean): Promise<BadgeTagRow[]> {
    let q = this.db.selectFrom('badge_tags').selectAll().where('identity_uuid', '=', identityUuid);
    if (!includeRejected) q = q.where('rejected', '=', 0);
    return q.orderBy('verified_at', 'desc').execute();
  }

  tagsInDomain(domain: string): Promise<BadgeTagRow[]> {
    return this.db.selectFrom('badge_tags').selectAll().where('domain_uuid', '=', domain).where('rejected', '=', 0).execute();
  }

  /** Confirmed faces of identities (non-rejected): their detection ids (the identities' own gallery rows). */
  confirmedDetections(identityUuids: readonly string[]): Promise<{ identity_uuid: string; detection_id: string }[]> {
    return chunked(identityUuids, (slice) =>
      this.db
        .selectFrom('badge_tags')
        .select(['identity_uuid', 'detection_id'])
        .where('identity_uuid', 'in', slice)
        .where('rejected', '=', 0)
        .orderBy('verified_at', 'desc')
        .limit(2000)
        .execute(),
    );
  }

  /** Saves tags (a repeated one takes the new answer); the caller recounts. */
  async saveTags(trx: Trx, rows: readonly BadgeTagRow[]): Promise<void> {
    for (const row of rows)
      await trx
        .insertInto('badge_tags')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['access_event_uuid', 'detection_id', 'identity_uuid']).doUpdateSet({
            rejected: row.rejected,
            rejected_for: row.rejected_for,
            verified_by: row.verified_by,
            verified_at: row.verified_at,
          }),
        )
        .execute();
  }

  /** Deletes tags; how many there were. The caller recounts. */
  async deleteTags(trx: Trx, rows: readonly Pick<BadgeTagRow, 'access_event_uuid' | 'detection_id' | 'identity_uuid'>[]): Promise<number> {
    let n = 0;
    for (const row of rows) {
      const result = await trx
        .deleteFrom('badge_tags')
        .where('access_event_uuid', '=', row.access_event_uuid)
        .where('detection_id', '=', row.detection_id)
        .where('identity_uuid', '=', row.identity_uuid)
        .executeTakeFirst();
      n += Number(result.numDeletedRows);
    }
    return n;
  }

  verificationsOfTaps(db: Executor, taps: readonly string[]): Promise<BadgeVerificationRow[]> {
    return chunked(taps, (slice) => db.selectFrom('badge_verifications').selectAll().where('access_event_uuid', 'in', slice).execute());
  }

  /** Taps verified for identities without their faces (a repeated one takes the new who and when); the caller recounts. */
  async saveVerifications(trx: Trx, rows: readonly BadgeVerificationRow[]): Promise<void> {
    for (const row of rows)
      await trx
        .insertInto('badge_verifications')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['access_event_uuid', 'identity_uuid']).doUpdateSet({ verified_by: row.verified_by, verified_at: row.verified_at }),
        )
        .execute();
  }

  /** Deletes verifications without faces; how many there were. The caller recounts. */
  async deleteVerifications(trx: Trx, rows: readonly Pick<BadgeVerificationRow, 'access_event_uuid' | 'identity_uuid'>[]): Promise<number> {
    let n = 0;
    for (const row of rows) {
      const result = await trx
        .deleteFrom('badge_verifications')
        .where('access_event_uuid', '=', row.access_event_uuid)
        .where('identity_uuid', '=', row.identity_uuid)
        .executeTakeFirst();
      n += Number(result.numDeletedRows);
    }
    return n;
  }

  /**
   * Forgets the faces tagged to these identities (consent): each tap with a confirmed face keeps its newest verification
   * (who, when) without the face; every tag, confirmed or rejected, goes. The identities are recounted.
   */
  async forgetFaces(trx: Trx, identities: readonly string[]): Promise<void> {
    const confirmed = await chunked(identities, (slice) =>
      trx.selectFrom('badge_tags').selectAll().where('identity_uuid', 'in', slice).where('rejected', '=', 0).execute(),
    );
    const newest = new Map<string, BadgeVerificationRow>();
    for (const t of confirmed) {
      const key = `${t.access_event_uuid}|${t.identity_uuid}`;
      const was = newest.get(key);
      if (!was || Number(was.verified_at) < Number(t.verified_at))
        newest.set(key, {
          access_event_uuid: t.access_event_uuid,
          identity_uuid: t.identity_uuid,
          domain_uuid: t.domain_uuid,
          verified_by: t.verified_by,
          verified_at: Number(t.verified_at),
        });
    }
    const held = new Map(
      (await this.verificationsOfTaps(trx, [...new Set([...newest.values()].map((v) => v.access_event_uuid))])).map((v) => [
        `${v.access_event_uuid}|${v.identity_uuid}`,
        v,
      ]),
    );
    await this.saveVerifications(
      trx,
      [...newest].filter(([key, v]) => Number(held.get(key)?.verified_at ?? -1) < v.verified_at).map(([, v]) => v),
    );
    await eachChunk(identities, (slice) => trx.deleteFrom('badge_tags').where('identity_uuid', 'in', slice).execute());
    await this.recount(trx, identities);
  }

  /**
   * Each identity's tagged images (confirmed faces) and its last verification (the newest tag or verification without a
   * face), counted from the rows: exact as long as the building's writers hold its lock.
   */
  async recount(trx: Trx, identities: readonly string[]): Promise<void> {
    for (const uuid of identities) {
      const count = await trx
        .selectFrom('badge_tags')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('identity_uuid', '=', uuid)
        .where('rejected', '=', 0)
        .executeTakeFirst();
      const newest = (table: 'badge_tags' | 'badge_verifications') =>
        trx
          .selectFrom(table)
          .select(['verified_at', 'verified_by'])
          .where('identity_uuid', '=', uuid)
          .orderBy('verified_at', 'desc')
          .limit(1)
          .executeTakeFirst();
      const [tag, verification] = [await newest('badge_tags'), await newest('badge_verifications')];
      const last = !tag || (verification && Number(verification.verified_at) > Number(tag.verified_at)) ? verification : tag;
      await trx
        .updateTable('badge_identities')
        .set({
          tags: Number(count?.n ?? 0),
          last_verified_at: last ? Number(last.verified_at) : null,
          last_verified_by: last?.verified_by ?? null,
        })
        .where('uuid', '=', uuid)
        .execute();
    }
  }
}
