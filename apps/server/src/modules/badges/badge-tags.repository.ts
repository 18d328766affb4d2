import { chunked } from '../../db/chunked.js';
import type { Db, Executor, Trx } from '../../db/database.js';
import type { BadgeTagRow } from '../../db/schema.js';

/** Verified matches: a tap's faces confirmed (or rejected) for an identity, with who and when (migration 0018). */
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

  /** Saves tags (a repeated one takes the new answer) and keeps each identity's tag count and last verification. */
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
    await this.recount(trx, [...new Set(rows.map((r) => r.identity_uuid))]);
  }

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
    await this.recount(trx, [...new Set(rows.map((r) => r.identity_uuid))]);
    return n;
  }

  private async recount(trx: Trx, identities: readonly string[]): Promise<void> {
    for (const uuid of identities) {
      const count = await trx
        .selectFrom('badge_tags')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('identity_uuid', '=', uuid)
        .where('rejected', '=', 0)
        .executeTakeFirst();
      const last = await trx
        .selectFrom('badge_tags')
        .select(['verified_at', 'verified_by'])
        .where('identity_uuid', '=', uuid)
        .orderBy('verified_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      await trx
        .updateTable('badge_identities')
        .set({ tags: Number(count?.n ?? 0), last_verified_at: last?.verified_at ?? null, last_verified_by: last?.verified_by ?? null })
        .where('uuid', '=', uuid)
        .execute();
    }
  }
}
