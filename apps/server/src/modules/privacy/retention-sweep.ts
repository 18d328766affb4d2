import { RETENTION, RETENTION_CATEGORIES, retentionCutoff, type RetentionCategory, type RetentionPeriod } from '@vigil/contract';
import type { Clock } from '../../lib/clock.js';
import type { AlertsRetention } from '../alerts/alerts-retention.js';
import type { AuditService } from '../audit/audit.service.js';
import type { BadgesRetention } from '../badges/badges-retention.js';
import type { ReportsRetention } from '../reports/reports-retention.js';
import type { EventsRetention } from '../events/events-retention.js';
import type { DetectionRetention } from '../faces/detection-retention.js';
import type { ClientErrorsService } from '../staff/client-errors.service.js';
import type { VideoRetention } from '../video/video-retention.js';

/** What the sweep deletes with: each module's own retention part (never another module's repository). */
export interface RetentionParts {
  domains: { allUuids(): Promise<string[]> };
  /** each category's period in a building, and the installation's (for data of no building) */
  periods: {
    ofBuilding(domain: string): Promise<Record<RetentionCategory, RetentionPeriod>>;
    ofInstallation(): Record<RetentionCategory, RetentionPeriod>;
  };
  detections: Pick<DetectionRetention, 'purge'>;
  alerts: Pick<AlertsRetention, 'purge' | 'openMoments'>;
  events: Pick<EventsRetention, 'purge'>;
  video: Pick<VideoRetention, 'purgeClips' | 'purgeExports'>;
  clientErrors: Pick<ClientErrorsService, 'purgeBefore'>;
  audit: Pick<AuditService, 'purgeBefore'>;
  badges: Pick<BadgesRetention, 'purge'>;
  reports: Pick<ReportsRetention, 'purge'>;
  /** the pictures of detections and events, deleted after their rows */
  pictures: { forget(of: 'detection' | 'event', ids: readonly string[]): Promise<void> };
  /** picture files no row names, deleted last (orphan-pictures.ts) */
  orphans?: { run(onChunk?: () => Promise<void>): Promise<number> };
  clock: Clock;
  log?: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
}

export type SweepCounts = Record<RetentionCategory, number>;

/** Keeps batches short: a batch that took longer than the target halves the next one, a quick one doubles it. */
export function nextBatchSize(size: number, tookMs: number, targetMs: number, max: number = RETENTION.batchRows): number {
  if (tookMs > targetMs) return Math.max(10, Math.floor(size / 2));
  if (tookMs < targetMs / 2) return Math.min(max, size * 2);
  return size;
}

type Drain = (remove: (limit: number) => Promise<number | string[]>, forget?: (ids: string[]) => Promise<void>) => Promise<number>;

const RETRYABLE = new Set(['40P01', '40001']);
/** Between batches: the event loop runs, and requests waiting for the database (one connection on SQLite) go first. */
const rest = (ms: number) => new Promise<void>((resolve) => (ms < 1 ? setImmediate(resolve) : setTimeout(resolve, ms)));

/**
 * The retention sweep (issue 27): for each building and category, what is past its period is deleted in short
 * batches, rows first (one transaction each) and then their files, yielding to the event loop between batches so
 * ingest and viewing go on. Every delete names its conditions itself (nothing is read first and deleted later), so the
 * sweep is idempotent and several servers may run it at once: the second finds nothing, or less. What an open alert
 * needs (its detection, pictures and recording) is kept until the alert is dismissed.
 */
export class RetentionSweep {
  private batch: number = RETENTION.batchRows;

  constructor(
    private readonly d: RetentionParts,
    private readonly options: {
      /** how long one batch's transaction should take at most (its size adapts) */
      batchTargetMs?: number;
      maxBatch?: number;
      /** the rest after a batch, as a share of its time: a request that needs several queries gets them in between */
      restRatio?: number;
    } = {},
  ) {}

  /** One whole sweep; what it deleted per category (rows, or files for exports). `onBatch` runs after every batch. */
  async run(onBatch?: () => Promise<void>): Promise<SweepCounts> {
    const counts = Object.fromEntries(RETENTION_CATEGORIES.map((c) => [c, 0])) as SweepCounts;
    const drain: Drain = (remove, forget) => this.drain(remove, forget, onBatch);
    for (const domain of await this.d.domains.allUuids()) await this.sweepBuilding(domain, counts, drain);
    await this.sweepInstallation(counts, drain);
    await this.sweepOrphans(onBatch);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    if (total > 0) this.d.log?.info({ deleted: counts }, `retention: ${total} past their period deleted`);
    return counts;
  }

  private async sweepBuilding(domain: string, counts: SweepCounts, drain: Drain): Promise<void> {
    const now = this.d.clock.now();
    const periods = await this.d.periods.ofBuilding(domain);
    const cutoff = (category: RetentionCategory) => retentionCutoff(now, periods[category].days);
    // Alerts first: a detection an alert named is free to go with its own period once the alert has gone.
    counts.alerts += await drain((limit) => this.d.alerts.purge(domain, cutoff('alerts'), limit));
    counts.alerts += await drain(
      (limit) => this.d.events.purge(domain, true, cutoff('alerts'), limit),
      (ids) => this.d.pictures.forget('event', ids),
    );
    for (const category of ['strangers', 'detections', 'confirmed'] as const)
      counts[category] += await drain(
        (limit) => this.d.detections.purge(domain, category, cutoff(category), limit),
        (ids) => this.d.pictures.forget('detection', ids),
      );
    counts.events += await drain(
      (limit) => this.d.events.purge(domain, false, cutoff('events'), limit),
      (ids) => this.d.pictures.forget('event', ids),
    );
    const clipsBefore = cutoff('clips');
    const margin = RETENTION.alertClipMarginMs;
    const keep = (await this.d.alerts.openMoments(domain, clipsBefore + margin)).map((m) => ({
      camera_uuid: m.camera_uuid,
      from: m.event_ts - margin,
      to: m.event_ts + margin,
    }));
    counts.clips += await drain((limit) => this.d.video.purgeClips(domain, clipsBefore, keep, limit));
    counts.audit += await drain((limit) => this.d.audit.purgeBefore(cutoff('audit'), limit, domain));
    counts.badge_taps += await drain((limit) => this.d.badges.purge(domain, cutoff('badge_taps'), limit));
    counts.reports += await drain((limit) => this.d.reports.purge(domain, cutoff('reports'), limit));
  }

  /** Last: picture files no row names (written after their row went, or left when a process stopped mid-way). */
  private async sweepOrphans(onBatch?: () => Promise<void>): Promise<void> {
    const orphans = (await this.d.orphans?.run(onBatch)) ?? 0;
    if (orphans > 0) this.d.log?.info({ orphans }, `retention: ${orphans} picture files no row names deleted`);
  }

  /** What belongs to no building: the installation's periods. */
  private async sweepInstallation(counts: SweepCounts, drain: Drain): Promise<void> {
    const now = this.d.clock.now();
    const periods = this.d.periods.ofInstallation();
    counts.client_errors += await drain((limit) =>
      this.d.clientErrors.purgeBefore(retentionCutoff(now, periods.client_errors.days), limit),
    );
    counts.exports += this.d.video.purgeExports(retentionCutoff(now, periods.exports.days));
    counts.audit += await drain((limit) => this.d.audit.purgeBefore(retentionCutoff(now, periods.audit.days), limit, null));
  }

  /**
   * Runs `remove` in batches until one comes back short, and `forget`s the files of each batch once its rows are gone
   * (off the main thread, while the next batch's rows are deleted; one batch of files in flight at most). A batch a
   * concurrent transaction deadlocked with (PostgreSQL) is tried again.
   */
  private async drain(
    remove: (limit: number) => Promise<number | string[]>,
    forget: ((ids: string[]) => Promise<void>) | undefined,
    onBatch: (() => Promise<void>) | undefined,
  ): Promise<number> {
    const target = this.options.batchTargetMs ?? 25;
    const max = this.options.maxBatch ?? RETENTION.batchRows;
    let total = 0;
    // The files of the previous batch, being deleted; a failure is kept (no rejection left unhandled) and thrown here.
    let files: Promise<unknown> = Promise.resolve();
    let failure: { error: unknown } | undefined;
    const filesDone = async () => {
      await files;
      if (failure) throw failure.error;
    };
    try {
      for (;;) {
        const limit = Math.min(this.batch, max);
        const started = performance.now();
        const removed = await retrying(() => remove(limit));
        const took = performance.now() - started;
        this.batch = nextBatchSize(limit, took, target, max);
        const count = typeof removed === 'number' ? removed : removed.length;
        await filesDone();
        if (forget && typeof removed !== 'number' && removed.length > 0)
          files = forget(removed).catch((error: unknown) => (failure ??= { error }));
        total += count;
        await onBatch?.();
        if (count < limit) break;
        await rest(took * (this.options.restRatio ?? 0.5));
      }
    } finally {
      await files;
    }
    await filesDone();
    return total;
  }
}

async function retrying<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (attempt >= 5 || typeof code !== 'string' || !RETRYABLE.has(code)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}
