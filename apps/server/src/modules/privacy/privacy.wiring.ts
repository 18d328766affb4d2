import { RETENTION } from '@vigil/contract';
import type { Authenticator } from '../../auth/authenticate.js';
import type { Config } from '../../config.js';
import type { DatabaseHandle, Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { App } from '../../lib/routes.js';
import { FrameService } from '../../media/frames.js';
import { MediaStore } from '../../media/media-store.js';
import { createRepositories, type Repositories } from '../../repositories.js';
import { AlertsRetention } from '../alerts/alerts-retention.js';
import type { AuditService } from '../audit/audit.service.js';
import { createAudit } from '../audit/audit.wiring.js';
import { EventsRetention } from '../events/events-retention.js';
import { BadgesRetention } from '../badges/badges-retention.js';
import { ReportsRetention } from '../reports/reports-retention.js';
import { DetectionRetention } from '../faces/detection-retention.js';
import { ClientErrorsService } from '../staff/client-errors.service.js';
import { VideoRetention } from '../video/video-retention.js';
import { createOrphanPictureSweep } from './orphan-pictures.wiring.js';
import { privacyRoutes } from './privacy.routes.js';
import { RetentionScheduler } from './retention-schedule.js';
import { RetentionSweep, type RetentionParts } from './retention-sweep.js';
import { RetentionService } from './retention.service.js';

export interface RetentionDeps {
  db: Db;
  repos: Pick<
    Repositories,
    'domains' | 'faces' | 'registry' | 'elopement' | 'events' | 'privacy' | 'retentionSweeps' | 'badges' | 'badgesRetention' | 'reports'
  >;
  retention: Config['retention'];
  /** the other modules' retention parts made by their own wiring */
  video: VideoRetention;
  clientErrors: ClientErrorsService;
  audit: AuditService;
  pictures: RetentionParts['pictures'];
  /** the media folder whose picture files no row names the sweep deletes */
  store: MediaStore;
  clock: Clock;
  log?: RetentionParts['log'];
  /** batch sizes (tests and the bench make them small or measure them) */
  sweep?: ConstructorParameters<typeof RetentionSweep>[1];
}

/**
 * Retention (issue 27): the settings, the sweep over every module's retention part, and its schedule; the server's,
 * the CLI's and the bench's alike (only the server starts the schedule and serves the calls).
 */
export function createRetention(d: RetentionDeps) {
  const { repos, clock } = d;
  const detections = new DetectionRetention({ db: d.db, faces: repos.faces, registry: repos.registry });
  const alerts = new AlertsRetention({ elopement: repos.elopement });
  const events = new EventsRetention({ events: repos.events });
  const badges = new BadgesRetention({ db: d.db, badges: repos.badgesRetention });
  const reports = new ReportsRetention({ reports: repos.reports });
  const everyMs = d.retention.sweepMinutes === null ? null : d.retention.sweepMinutes * 60_000;
  // This server's first sweep: a few minutes after start, so a start is not slowed by it.
  const firstAt = clock.now() + RETENTION.firstSweepDelayMs;
  const settings = new RetentionService({
    privacy: repos.privacy,
    sweeps: repos.retentionSweeps,
    installation: d.retention.days,
    floors: { audit: d.retention.auditMinDays },
    schedule: { everyMs, firstAt },
    held: { detections, alerts, events, video: d.video, clientErrors: d.clientErrors, audit: d.audit, badges, reports },
    audit: d.audit,
    clock,
  });
  const sweep = new RetentionSweep(
    {
      domains: repos.domains,
      periods: settings,
      detections,
      alerts,
      events,
      video: d.video,
      clientErrors: d.clientErrors,
      audit: d.audit,
      badges,
      reports,
      pictures: d.pictures,
      orphans: createOrphanPictureSweep({ db: d.db, repos, store: d.store, clock }),
      clock,
      ...(d.log && { log: d.log }),
    },
    d.sweep,
  );
  const scheduler = new RetentionScheduler({ sweep, state: repos.retentionSweeps, clock, everyMs, firstAt, ...(d.log && { log: d.log }) });
  return { settings, sweep, scheduler };
}

/** The privacy page's calls, and the sweep every VIGIL_RETENTION_SWEEP_MINUTES (stopped when the server closes). */
export function wirePrivacy(app: App, d: RetentionDeps & { authenticator: Authenticator }) {
  const area = createRetention({ ...d, log: app.log });
  privacyRoutes(app, { authenticator: d.authenticator, retention: area.settings });
  app.addHook('onReady', async () => area.scheduler.start());
  app.addHook('onClose', async () => area.scheduler.stop());
  return area;
}

/**
 * Retention without a server (the CLI, the tests, the bench): every part made from the repositories over `database`,
 * files in the configured media folder.
 */
export function standaloneRetention(
  database: DatabaseHandle,
  config: Pick<Config, 'retention' | 'video'>,
  clock: Clock,
  options: Pick<RetentionDeps, 'log' | 'sweep'> = {},
) {
  const repos = createRepositories(database, clock);
  const store = new MediaStore(config.video.mediaDir);
  const pictures = new FrameService({ store, clips: repos.clips, ffmpeg: null, lookup: async () => undefined, clock, liveWindowMs: 0 });
  return createRetention({
    db: database.db,
    repos,
    retention: config.retention,
    video: new VideoRetention({ clips: repos.clips, cameras: repos.cameras, store }),
    clientErrors: new ClientErrorsService(repos.clientErrors, clock),
    audit: createAudit({ audit: repos.audit, cameras: repos.cameras, clock }),
    pictures,
    store,
    clock,
    ...options,
  });
}
