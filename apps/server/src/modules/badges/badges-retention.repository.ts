import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.js';

/** The badges module's rows as retention sees them: old taps, the identities they leave behind, what is held. */
export class BadgesRetentionRepository {
  constructor(private readonly db: Db) {}

  /**
   * Retention: up to `limit` of the building's taps older than `before` (their tags go with them), their identities'
   * counters recounted from the taps left, and identities no tap names any more that have not tapped since `before`.
   * How many taps and identities went.
   */
  async deleteTapsBefore(trx: Trx, domain: string, before: number, limit: number): Promise<number> {
    const taps = await trx
      .selectFrom('access_events')
      .select(['uuid', 'identity_uuid'])
      .where('domain_uuid', '=', domain)
      .where('event_at', '<', before)
      .orderBy('event_at')
      .limit(limit)
      .execute();
    if (taps.length > 0)
      await trx
        .deleteFrom('access_events')
        .where(
          'uuid',
          'in',
          taps.map((t) => t.uuid),
        )
        .execute();
    const identities = [...new Set(taps.map((t) => t.identity_uuid))];
    for (const uuid of identities) {
      const c = await trx
        .selectFrom('access_events')
        .select((eb) => [
          eb.fn.countAll<number>().as('taps'),
          eb.fn.sum<number>(sql`CASE WHEN matched = 1 THEN 1 ELSE 0 END`).as('matched'),
          eb.fn.sum<number>(sql`CASE WHEN evaluated_at IS NOT NULL AND faces = 0 THEN 1 ELSE 0 END`).as('none'),
        ])
        .where('identity_uuid', '=', uuid)
        .executeTakeFirst();
      await trx
        .updateTable('badge_identities')
        .set({ taps: Number(c?.taps ?? 0), matched: Number(c?.matched ?? 0), null_matched: Number(c?.none ?? 0) })
        .where('uuid', '=', uuid)
        .execute();
    }
    const gone = await trx
      .deleteFrom('badge_identities')
      .where('domain_uuid', '=', domain)
      .where('taps', '=', 0)
      .where('updated_at', '<', before)
      .where((eb) => eb.or([eb('last_tap_at', 'is', null), eb('last_tap_at', '<', before)]))
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom('access_events').select('uuid').whereRef('access_events.identity_uuid', '=', 'badge_identities.uuid')),
        ),
      )
      .executeTakeFirst();
    return taps.length + Number(gone.numDeletedRows);
  }

  /** How many taps a building holds, and the oldest. */
  async heldTaps(domain: string): Promise<{ count: number; oldest: number | null }> {
    const row = await this.db
      .selectFrom('access_events')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min<number>('event_at').as('oldest')])
      .where('domain_uuid', '=', domain)
      .executeTakeFirst();
    return { count: Number(row?.n ?? 0), oldest: row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest) };
  }
}
