import { chunked, eachChunk } from '../../db/chunked.js';
import type { Db, Trx } from '../../db/database.js';
import type { Database, EventRow, NewEvent } from '../../db/schema.js';
import type { ExpressionBuilder } from 'kysely';

export interface EventCursor {
  startedAt: number;
  id: string;
}

export interface EventPageQuery {
  domain: string;
  camera?: string | undefined;
  since?: number | undefined;
  until?: number | undefined;
  alertedOnly: boolean;
  after?: EventCursor | undefined;
  limit: number;
}

export class EventsRepository {
  constructor(private readonly db: Db) {}

  /** One page, newest first, strictly after the cursor in (started_at, id) order: the index serves it without an offset. */
  page(q: EventPageQuery): Promise<EventRow[]> {
    let query = this.db.selectFrom('events').selectAll().where('domain_uuid', '=', q.domain);
    if (q.camera) query = query.where('camera_uuid', '=', q.camera);
    if (q.alertedOnly) query = query.where('alerted', '=', 1);
    if (q.since !== undefined) query = query.where('started_at', '>=', q.since);
    if (q.until !== undefined) query = query.where('started_at', '<=', q.until);
    const after = q.after;
    if (after) query = query.where((eb) => eb(eb.refTuple('started_at', 'id'), '<', eb.tuple(after.startedAt, after.id)));
    return query.orderBy('started_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute();
  }

  /** source_ids a detector already sent, among these. */
  async knownSourceIds(trx: Trx, detectorId: string, sourceIds: string[]): Promise<Set<string>> {
    const rows = await chunked(sourceIds, (slice) =>
      trx.selectFrom('events').select('source_id').where('detector_id', '=', detectorId).where('source_id', 'in', slice).execute(),
    );
    return new Set(rows.flatMap((r) => (r.source_id ? [r.source_id] : [])));
  }

  /** Rows per INSERT: db/chunked's 500, 13 columns each, stays far below SQLite's bound-parameter limit. */
  async insertMany(trx: Trx, rows: NewEvent[]): Promise<void> {
    await eachChunk(rows, (slice) =>
      trx
        .insertInto('events')
        .values(slice)
        .onConflict((oc) => oc.columns(['detector_id', 'source_id']).doNothing())
        .execute(),
    );
  }

  /** Whether a domain has any event (one index probe, not a count over millions of rows). */
  async anyInDomain(domain: string): Promise<boolean> {
    const row = await this.db.selectFrom('events').select('id').where('domain_uuid', '=', domain).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  byId(id: string): Promise<EventRow | undefined> {
    return this.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Retention: deletes up to `limit` of a building's events (alerted or not) that started before `before`, oldest first; their ids. */
  async deleteBefore(domain: string, alerted: boolean, before: number, limit: number): Promise<string[]> {
    const past = (eb: ExpressionBuilder<Database, 'events'>) =>
      eb.and([eb('domain_uuid', '=', domain), eb('alerted', '=', alerted ? 1 : 0), eb('started_at', '<', before)]);
    // Picked, then deleted by key (a list, not a subquery: PostgreSQL would otherwise scan the table per batch).
    const picked = await this.db.selectFrom('events').select('id').where(past).orderBy('started_at').limit(limit).execute();
    if (picked.length === 0) return [];
    const rows = await this.db
      .deleteFrom('events')
      .where(
        'id',
        'in',
        picked.map((r) => r.id),
      )
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** Which of these events exist (the orphan-picture sweep keeps their pictures). */
  async existing(ids: readonly string[]): Promise<Set<string>> {
    const rows = await chunked(ids, (slice) => this.db.selectFrom('events').select('id').where('id', 'in', slice).execute());
    return new Set(rows.map((r) => r.id));
  }

  /** How many events (alerted or not) a building holds, and the oldest one's start. */
  async held(domain: string, alerted: boolean): Promise<{ count: number; oldest: number | null }> {
    const row = await this.db
      .selectFrom('events')
      .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min<number | null>('started_at').as('oldest')])
      .where('domain_uuid', '=', domain)
      .where('alerted', '=', alerted ? 1 : 0)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), oldest: row.oldest === null ? null : Number(row.oldest) };
  }
}
