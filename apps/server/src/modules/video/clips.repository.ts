import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ClipRow, Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { ClipIndex, IndexedClip } from '../../media/recorder.js';
import type { ClipRetention } from '../../media/recorders.js';

/** The clip index: one row per recorded MP4, by camera and start time. */
export class ClipsRepository implements ClipIndex, ClipRetention {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async add(clip: IndexedClip): Promise<void> {
    await this.db
      .insertInto('clips')
      .values({ ...clip, created_at: this.clock.now() })
      .onConflict((oc) =>
        oc
          .columns(['camera_uuid', 'start_ms'])
          .doUpdateSet({ duration_ms: clip.duration_ms, size_bytes: clip.size_bytes, file: clip.file }),
      )
      .execute();
  }

  async filesOf(camera: string): Promise<string[]> {
    const rows = await this.db.selectFrom('clips').select('file').where('camera_uuid', '=', camera).execute();
    return rows.map((r) => r.file);
  }

  async removeFiles(camera: string, files: string[]): Promise<void> {
    if (files.length > 0) await this.db.deleteFrom('clips').where('camera_uuid', '=', camera).where('file', 'in', files).execute();
  }

  /**
   * Retention: deletes up to `limit` of a camera's clips that start before `before`, oldest first, except those that
   * overlap a span in `keep` (the recording around an open alert); the files of the rows deleted, to delete next.
   */
  async deleteBefore(camera: string, before: number, keep: readonly { from: number; to: number }[], limit: number): Promise<string[]> {
    const kept = (eb: ExpressionBuilder<Database, 'clips'>) =>
      eb.and([
        eb('camera_uuid', '=', camera),
        eb('start_ms', '<', before),
        ...keep.map((span) => eb.not(eb.and([eb('start_ms', '<', span.to), sql<boolean>`start_ms + duration_ms > ${span.from}`]))),
      ]);
    // Picked, then deleted by key (a list, not a subquery: PostgreSQL would otherwise scan the table per batch).
    const picked = await this.db.selectFrom('clips').select('start_ms').where(kept).orderBy('start_ms').limit(limit).execute();
    if (picked.length === 0) return [];
    const rows = await this.db
      .deleteFrom('clips')
      .where('camera_uuid', '=', camera)
      .where(
        'start_ms',
        'in',
        picked.map((r) => r.start_ms),
      )
      .returning('file')
      .execute();
    return rows.map((r) => r.file);
  }

  /** How many clips these cameras hold, their bytes and the oldest one's start. */
  async held(cameras: readonly string[]): Promise<{ count: number; bytes: number; oldest: number | null }> {
    if (cameras.length === 0) return { count: 0, bytes: 0, oldest: null };
    const row = await this.db
      .selectFrom('clips')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('count'),
        eb.fn.coalesce(eb.fn.sum<number | string>('size_bytes'), sql<number>`0`).as('bytes'),
        eb.fn.min<number | null>('start_ms').as('oldest'),
      ])
      .where('camera_uuid', 'in', cameras)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), bytes: Number(row.bytes), oldest: row.oldest === null ? null : Number(row.oldest) };
  }

  oldestFirst(limit: number) {
    return this.db.selectFrom('clips').select(['camera_uuid', 'start_ms', 'size_bytes', 'file']).orderBy('start_ms').limit(limit).execute();
  }

  async totalBytes(): Promise<number> {
    const row = await this.db
      .selectFrom('clips')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('size_bytes'), sql<number>`0`).as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  async remove(camera: string, startMs: number): Promise<void> {
    await this.db.deleteFrom('clips').where('camera_uuid', '=', camera).where('start_ms', '=', startMs).execute();
  }

  /** The last clip that starts at or before `ms` (it holds `ms` if it has not ended by then). */
  startingAtOrBefore(camera: string, ms: number): Promise<ClipRow | undefined> {
    return this.db
      .selectFrom('clips')
      .selectAll()
      .where('camera_uuid', '=', camera)
      .where('start_ms', '<=', ms)
      .orderBy('start_ms', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  firstAfter(camera: string, ms: number): Promise<ClipRow | undefined> {
    return this.db
      .selectFrom('clips')
      .selectAll()
      .where('camera_uuid', '=', camera)
      .where('start_ms', '>', ms)
      .orderBy('start_ms')
      .limit(1)
      .executeTakeFirst();
  }

  /** The span a camera's archive covers: the first clip's start and the last clip's end (two index lookups). */
  async coverage(camera: string): Promise<{ first: number; lastEnd: number } | null> {
    const first = await this.db
      .selectFrom('clips')
      .select('start_ms')
      .where('camera_uuid', '=', camera)
      .orderBy('start_ms')
      .limit(1)
      .executeTakeFirst();
    const last = await this.db
      .selectFrom('clips')
      .select(['start_ms', 'duration_ms'])
      .where('camera_uuid', '=', camera)
      .orderBy('start_ms', 'desc')
      .limit(1)
      .executeTakeFirst();
    return first && last ? { first: first.start_ms, lastEnd: last.start_ms + last.duration_ms } : null;
  }

  /** The camera's clips starting at or after `ms`, start and length only, in time order (to find its gaps). */
  spansFrom(camera: string, ms: number): Promise<{ start_ms: number; duration_ms: number }[]> {
    return this.db
      .selectFrom('clips')
      .select(['start_ms', 'duration_ms'])
      .where('camera_uuid', '=', camera)
      .where('start_ms', '>=', ms)
      .orderBy('start_ms')
      .execute();
  }

  /** Up to `before` clips starting before `ms` and `after` from `ms` on, in time order. */
  async around(camera: string, ms: number, before: number, after: number): Promise<ClipRow[]> {
    const earlier = await this.db
      .selectFrom('clips')
      .selectAll()
      .where('camera_uuid', '=', camera)
      .where('start_ms', '<', ms)
      .orderBy('start_ms', 'desc')
      .limit(before)
      .execute();
    const later = await this.db
      .selectFrom('clips')
      .selectAll()
      .where('camera_uuid', '=', camera)
      .where('start_ms', '>=', ms)
      .orderBy('start_ms')
      .limit(after)
      .execute();
    return [...earlier.reverse(), ...later];
  }

  overlapping(camera: string, startMs: number, endMs: number): Promise<ClipRow[]> {
    return this.db
      .selectFrom('clips')
      .selectAll()
      .where('camera_uuid', '=', camera)
      .where('start_ms', '<', endMs)
      .where(sql<boolean>`start_ms + duration_ms > ${startMs}`)
      .orderBy('start_ms')
      .execute();
  }

  async latestStarts(cameras: readonly string[]): Promise<Map<string, number>> {
    if (cameras.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('clips')
      .select(['camera_uuid', (eb) => eb.fn.max('start_ms').as('latest')])
      .where('camera_uuid', 'in', cameras)
      .groupBy('camera_uuid')
      .execute();
    return new Map(rows.map((r) => [r.camera_uuid, Number(r.latest)]));
  }

  /**
   * Recording coverage in [startMs, endMs) as spans, computed per bucket in the database (one row per
   * bucket, not per clip), then joined where buckets touch.
   */
  async spans(camera: string, startMs: number, endMs: number, bucketMs: number): Promise<{ start: number; end: number }[]> {
    // The bucket size goes in as a literal (a validated integer) so SELECT and GROUP BY hold the same expression on PostgreSQL.
    const bucket = sql<number>`start_ms / ${sql.lit(Math.floor(bucketMs))}`;
    const rows = await this.db
      .selectFrom('clips')
      .select([bucket.as('bucket'), (eb) => eb.fn.min('start_ms').as('first'), sql<number>`max(start_ms + duration_ms)`.as('last')])
      .where('camera_uuid', '=', camera)
      .where('start_ms', '<', endMs)
      .where(sql<boolean>`start_ms + duration_ms > ${startMs}`)
      .groupBy(bucket)
      .orderBy('bucket')
      .execute();
    const spans: { start: number; end: number }[] = [];
    for (const row of rows) {
      const start = Math.max(Number(row.first), startMs);
      const end = Math.min(Number(row.last), endMs);
      const previous = spans[spans.length - 1];
      if (previous && start - previous.end <= bucketMs) previous.end = Math.max(previous.end, end);
      else spans.push({ start, end });
    }
    return spans;
  }
}
