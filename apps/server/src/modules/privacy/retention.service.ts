import {
  RETENTION_CATEGORIES,
  RETENTION_DEFAULT_DAYS,
  isInstallationCategory,
  nextSweepAt,
  parseStoredRetention,
  resolveRetention,
  retentionBelowFloor,
  retentionChanges,
  retentionMinDays,
  type PrivacyReply,
  type PrivacyUpdate,
  type RetentionCategory,
  type RetentionDays,
  type RetentionEntry,
  type RetentionHeld,
  type RetentionPeriod,
} from '@vigil/contract';
import { requireEntitlement, type Principal } from '../../auth/principal.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest } from '../../lib/http-error.js';
import type { AlertsRetention } from '../alerts/alerts-retention.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import type { EventsRetention } from '../events/events-retention.js';
import type { DetectionRetention } from '../faces/detection-retention.js';
import type { ClientErrorsService } from '../staff/client-errors.service.js';
import type { VideoRetention } from '../video/video-retention.js';
import type { PrivacyRepository } from './privacy.repository.js';
import type { BadgesRetention } from '../badges/badges-retention.js';
import type { ReportsRetention } from '../reports/reports-retention.js';
import type { JobLeases } from '../../db/job-leases.js';

type Held = { count: number; bytes?: number | null; oldest: number | null };

/** The sweep's schedule on this server, as the privacy page shows it. */
export interface SweepSchedule {
  /** null: no sweep runs on this server */
  everyMs: number | null;
  /** this server's first run */
  firstAt: number;
}

/**
 * A building's retention settings (issue 27): each category's period (the building's own, else the installation's
 * VIGIL_RETENTION_*, else the default), how much each holds now, and when the sweep runs; changed by the building's
 * account administrators (account/edit), each change audited once with the periods before and after.
 */
export class RetentionService {
  constructor(
    private readonly d: {
      privacy: Pick<PrivacyRepository, 'row' | 'setRetention'>;
      sweeps: Pick<JobLeases, 'state'>;
      /** the installation's periods (config.retention.days) */
      installation: RetentionDays;
      /** the shortest periods allowed (the audit trail's floor, config.retention.auditMinDays) */
      floors: RetentionDays;
      schedule: SweepSchedule;
      held: {
        detections: Pick<DetectionRetention, 'held'>;
        alerts: Pick<AlertsRetention, 'held'>;
        events: Pick<EventsRetention, 'held'>;
        video: Pick<VideoRetention, 'heldClips' | 'heldExports'>;
        clientErrors: Pick<ClientErrorsService, 'held'>;
        audit: Pick<AuditService, 'held'>;
        badges: Pick<BadgesRetention, 'held'>;
        reports: Pick<ReportsRetention, 'held'>;
      };
      audit: Pick<AuditService, 'record'>;
      clock: Clock;
    },
  ) {}

  /** Each category's period in the building. */
  async ofBuilding(domain: string): Promise<Record<RetentionCategory, RetentionPeriod>> {
    const row = await this.d.privacy.row(domain);
    return resolveRetention(parseStoredRetention(row?.retention), this.d.installation, this.d.floors);
  }

  /** The periods of data that belongs to no building. */
  ofInstallation(): Record<RetentionCategory, RetentionPeriod> {
    return resolveRetention({}, this.d.installation, this.d.floors);
  }

  /** GET /api/v1/privacy (account/view_audit in the building). */
  async get(principal: Principal, domain: string): Promise<PrivacyReply> {
    requireEntitlement(principal, domain, 'account', 'view_audit');
    return this.describe(domain);
  }

  /** PUT /api/v1/privacy (account/edit in the building). */
  async update(principal: Principal, actor: AuditActor, body: PrivacyUpdate): Promise<PrivacyReply> {
    requireEntitlement(principal, body.domain_uuid, 'account', 'edit');
    return this.set(actor, body.domain_uuid, body.retention);
  }

  /** Sets a building's periods (the caller checked who may: the API or an administrator's CLI); audited when any moved. */
  async set(actor: AuditActor, domain: string, retention: PrivacyUpdate['retention']): Promise<PrivacyReply> {
    const belowFloor = retentionBelowFloor(retention, this.d.floors);
    if (belowFloor) throw badRequest(belowFloor);
    const before = await this.ofBuilding(domain);
    const stored = parseStoredRetention((await this.d.privacy.row(domain))?.retention);
    for (const [category, days] of Object.entries(retention) as [RetentionCategory, number | null][]) {
      if (isInstallationCategory(category)) continue;
      if (days === null) delete stored[category];
      else stored[category] = days;
    }
    const kept = Object.fromEntries(RETENTION_CATEGORIES.flatMap((c) => (stored[c] === undefined ? [] : [[c, stored[c]]])));
    await this.d.privacy.setRetention(domain, JSON.stringify(kept), this.d.clock.now(), actor.email);
    const changes = retentionChanges(before, await this.ofBuilding(domain));
    if (changes.length > 0)
      await this.d.audit.record(actor, {
        action: 'changed_privacy',
        domain,
        detail: Object.fromEntries(changes.map((c) => [`${c.category}_days`, `${c.from} → ${c.to}`])),
      });
    return this.describe(domain);
  }

  /** The building's settings, holdings and sweep, as GET /api/v1/privacy answers (the caller checked who may see them). */
  async describe(domain: string): Promise<PrivacyReply> {
    const [row, periods, held, sweep] = [
      await this.d.privacy.row(domain),
      await this.ofBuilding(domain),
      await this.held(domain),
      await this.d.sweeps.state(),
    ];
    const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());
    const now = this.d.clock.now();
    const { everyMs, firstAt } = this.d.schedule;
    return {
      ok: true,
      domain_uuid: domain,
      consent_required: Number(row?.consent_required ?? 0) === 1,
      retention: RETENTION_CATEGORIES.map((category): RetentionEntry => ({
        category,
        days: periods[category].days,
        source: periods[category].source,
        default_days: RETENTION_DEFAULT_DAYS[category],
        min_days: retentionMinDays(category, this.d.floors),
        scope: isInstallationCategory(category) ? 'installation' : 'building',
        held: presentHeld(held[category]),
      })),
      sweep: {
        every_minutes: everyMs === null ? null : Math.round(everyMs / 60_000),
        last_started_at: iso(sweep.lastStartedAt),
        last_finished_at: iso(sweep.lastFinishedAt),
        last_deleted: sweep.lastDeleted,
        next_at: iso(nextSweepAt({ lastStartedAt: sweep.lastStartedAt, everyMs, firstAt })),
        running: sweep.leaseUntil !== null && sweep.leaseUntil > now,
      },
      updated_at: iso(row?.updated_at === undefined ? null : Number(row.updated_at)),
      updated_by: row?.updated_by ?? null,
    };
  }

  /** How much each category holds in the building (exports and client errors: the installation's). */
  private async held(domain: string): Promise<Record<RetentionCategory, Held>> {
    const h = this.d.held;
    const alerts = await h.alerts.held(domain);
    const alertedEvents = await h.events.held(domain, true);
    return {
      strangers: await h.detections.held(domain, 'strangers'),
      detections: await h.detections.held(domain, 'detections'),
      confirmed: await h.detections.held(domain, 'confirmed'),
      alerts: {
        count: alerts.count + alertedEvents.count,
        oldest: [alerts.oldest, alertedEvents.oldest].reduce<number | null>(
          (a, b) => (b === null ? a : a === null ? b : Math.min(a, b)),
          null,
        ),
      },
      events: await h.events.held(domain, false),
      clips: await h.video.heldClips(domain),
      exports: h.video.heldExports(),
      client_errors: await h.clientErrors.held(),
      audit: await h.audit.held(domain),
      badge_taps: await h.badges.held(domain),
      reports: await h.reports.held(domain),
    };
  }
}

function presentHeld(held: Held): RetentionHeld {
  return { count: held.count, bytes: held.bytes ?? null, oldest: held.oldest === null ? null : new Date(held.oldest).toISOString() };
}
