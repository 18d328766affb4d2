import { z } from 'zod';
import { CLIENT_ERRORS } from './client-errors.js';

/**
 * Retention (issue 27): every kind of personal data Vigil keeps has a period, per building, after which one sweep
 * deletes its rows and files. What an open alert still needs is kept until the alert is dismissed.
 *
 * - strangers: faces nobody was matched to (visitors, passers-by, residents the analyzer did not know) — no one
 *   consented to being kept, so the shortest period.
 * - detections: faces the analyzer matched to a person and nobody answered about (crops, frames, embeddings).
 * - confirmed: faces people answered about (confirmed tags and "not this person" answers): what models learn from.
 * - alerts: elopement alerts once dismissed, and events that raised an alert; an open alert is never deleted.
 * - events: object detections that raised no alert, with their pictures.
 * - clips: the recorded video (the recording around an open alert is kept).
 * - exports: long-clip downloads waiting to be fetched (installation-wide: a file names no building).
 * - client_errors: what browsers reported (installation-wide: a report names no building).
 * - audit: the audit trail itself (a building's entries; entries of no building follow the installation's period).
 * - badge_taps: door-badge taps with their verified matches; badge identities no tap names any more go with them.
 * - reports: generated reports (they name people and show their faces).
 */
export const RETENTION_CATEGORIES = [
  'strangers',
  'detections',
  'confirmed',
  'alerts',
  'events',
  'clips',
  'exports',
  'client_errors',
  'audit',
  'badge_taps',
  'reports',
] as const;
export const retentionCategorySchema = z.enum(RETENTION_CATEGORIES);
export type RetentionCategory = z.infer<typeof retentionCategorySchema>;

export const RETENTION = {
  minDays: 1,
  maxDays: 3650,
  dayMs: 86_400_000,
  /** rows deleted per transaction at most (the sweep makes batches smaller when one takes too long) */
  batchRows: 500,
  /** the recording kept on either side of an open alert's moment */
  alertClipMarginMs: 5 * 60_000,
  /** how often the sweep runs by default (VIGIL_RETENTION_SWEEP_MINUTES) */
  sweepMinutes: 60,
  /** the first sweep after a server starts, so a start is not slowed by it */
  firstSweepDelayMs: 3 * 60_000,
  /**
   * the audit trail is kept at least a year: no building may shorten it below this (else an administrator could erase
   * their own actions); an installation may raise it (VIGIL_AUDIT_RETENTION_MIN_DAYS)
   */
  auditMinDays: 365,
} as const;

/** The defaults (README "Retention" says why each one). */
export const RETENTION_DEFAULT_DAYS: Readonly<Record<RetentionCategory, number>> = {
  strangers: 7,
  detections: 90,
  confirmed: 730,
  alerts: 365,
  events: 90,
  clips: 90,
  exports: 1,
  client_errors: CLIENT_ERRORS.keepDays,
  audit: 730,
  badge_taps: 365,
  reports: 365,
};

/** Data that belongs to no building: one period for the whole installation (its VIGIL_RETENTION_* setting or the default). */
export const INSTALLATION_CATEGORIES: readonly RetentionCategory[] = ['exports', 'client_errors'];
export const isInstallationCategory = (category: RetentionCategory): boolean => INSTALLATION_CATEGORIES.includes(category);

/** The environment variable that sets a category's period for the installation. */
export const retentionEnvName = (category: RetentionCategory): string => `VIGIL_RETENTION_${category.toUpperCase()}_DAYS`;

/** What the privacy page calls each category, and what it holds. */
export const RETENTION_CATEGORY_TEXT: Readonly<Record<RetentionCategory, { label: string; holds: string }>> = {
  strangers: { label: 'Unmatched faces', holds: 'Faces matched to nobody: crops, frames and embeddings' },
  detections: { label: 'Matched faces', holds: 'Faces the analyzer matched to a person, not yet answered about' },
  confirmed: { label: 'Answered faces', holds: 'Faces people confirmed or rejected as a person: what models learn from' },
  alerts: { label: 'Alerts', holds: 'Dismissed elopement alerts and events that raised an alert (open alerts are always kept)' },
  events: { label: 'Events', holds: 'Object detections that raised no alert, with their pictures' },
  clips: { label: 'Recorded video', holds: 'Recorded clips (the recording around an open alert is kept)' },
  exports: { label: 'Video downloads', holds: 'Long clips made for download (whole installation)' },
  client_errors: { label: 'Browser error reports', holds: 'Errors browsers reported (whole installation)' },
  audit: { label: 'Audit trail', holds: 'Who watched, exported, answered or changed what' },
  badge_taps: { label: 'Badge taps', holds: 'Door-badge taps, their verified matches, and badge holders no tap names any more' },
  reports: { label: 'Reports', holds: 'Generated reports (names, badge use and face pictures)' },
};

export const retentionDaysSchema = z
  .number()
  .int('A period is a whole number of days.')
  .min(RETENTION.minDays, `A period is at least ${RETENTION.minDays} day.`)
  .max(RETENTION.maxDays, `A period is at most ${RETENTION.maxDays} days.`);

export type RetentionDays = Partial<Record<RetentionCategory, number>>;
/** floor: the period chosen was below the category's floor (set before the floor was raised), so the floor applies */
export type RetentionSource = 'building' | 'env' | 'default' | 'floor';
export interface RetentionPeriod {
  days: number;
  source: RetentionSource;
}

/** A building's stored periods (domain_privacy.retention JSON): known categories with valid days; anything else is ignored. */
export function parseStoredRetention(json: string | null | undefined): RetentionDays {
  let raw: unknown;
  try {
    raw = json ? JSON.parse(json) : {};
  } catch {
    return {};
  }
  if (typeof raw !== 'object' || raw === null) return {};
  const out: RetentionDays = {};
  for (const category of RETENTION_CATEGORIES) {
    const days = retentionDaysSchema.safeParse((raw as Record<string, unknown>)[category]);
    if (days.success && !isInstallationCategory(category)) out[category] = days.data;
  }
  return out;
}

/** The shortest period of each category on every installation: the audit trail's year. */
export const RETENTION_FLOOR_DAYS: RetentionDays = { audit: RETENTION.auditMinDays };

/** The shortest period a category may have on an installation: its floor, raised by the installation's (`floors`), else 1 day. */
export const retentionMinDays = (category: RetentionCategory, floors: RetentionDays = {}): number =>
  Math.max(RETENTION.minDays, RETENTION_FLOOR_DAYS[category] ?? 0, floors[category] ?? 0);

/**
 * Each category's period: the building's own, else the installation's (VIGIL_RETENTION_*), else the default; never
 * shorter than its floor (`floors`: the installation's, e.g. the audit trail's).
 */
export function resolveRetention(
  building: RetentionDays,
  installation: RetentionDays,
  floors: RetentionDays = {},
): Record<RetentionCategory, RetentionPeriod> {
  return Object.fromEntries(
    RETENTION_CATEGORIES.map((category) => {
      const own = isInstallationCategory(category) ? undefined : building[category];
      const env = installation[category];
      const period: RetentionPeriod =
        own !== undefined
          ? { days: own, source: 'building' }
          : env !== undefined
            ? { days: env, source: 'env' }
            : { days: RETENTION_DEFAULT_DAYS[category], source: 'default' };
      const min = retentionMinDays(category, floors);
      return [category, period.days < min ? { days: min, source: 'floor' } : period];
    }),
  ) as Record<RetentionCategory, RetentionPeriod>;
}

/** Why a building's change is refused: a period below its category's floor (null: none is). */
export function retentionBelowFloor(retention: Partial<Record<RetentionCategory, number | null>>, floors: RetentionDays): string | null {
  for (const category of RETENTION_CATEGORIES) {
    const days = retention[category];
    const min = retentionMinDays(category, floors);
    if (typeof days === 'number' && days < min)
      return `The ${RETENTION_CATEGORY_TEXT[category].label.toLowerCase()} is kept at least ${min} days on this installation: ${days} days is too short. Nothing was changed.`;
  }
  return null;
}

/** What is older than this (epoch ms) is past a period of `days` at `now`. */
export function retentionCutoff(now: number, days: number): number {
  return now - days * RETENTION.dayMs;
}

/**
 * Which period a face detection follows: answered about (confirmed or rejected as a person) is `confirmed`, else
 * matched to a person is `detections`, else `strangers`. (A detection an alert names is kept while the alert is.)
 */
export function detectionCategory(d: {
  frontend_face_uuid: string | null;
  match_confirmed: number | null;
}): 'strangers' | 'detections' | 'confirmed' {
  if (d.match_confirmed !== null) return 'confirmed';
  return d.frontend_face_uuid === null ? 'strangers' : 'detections';
}

/** An elopement alert is past its period once dismissed, and both its moment and its dismissal are older than the cutoff. */
export function alertPastPeriod(a: { event_ts: number; dismissed_at: number | null }, cutoff: number): boolean {
  return a.dismissed_at !== null && a.dismissed_at < cutoff && a.event_ts < cutoff;
}

/**
 * When the sweep runs next: a period after the last one started, and not before this server's first run. Null when
 * sweeps are off.
 */
export function nextSweepAt(s: { lastStartedAt: number | null; everyMs: number | null; firstAt: number }): number | null {
  if (s.everyMs === null) return null;
  return s.lastStartedAt === null ? s.firstAt : Math.max(s.firstAt, s.lastStartedAt + s.everyMs);
}

/** The periods that a change moves (for the audit entry): category, days before, days after. */
export function retentionChanges(
  before: Record<RetentionCategory, RetentionPeriod>,
  after: Record<RetentionCategory, RetentionPeriod>,
): { category: RetentionCategory; from: number; to: number }[] {
  return RETENTION_CATEGORIES.filter((c) => before[c].days !== after[c].days).map((c) => ({
    category: c,
    from: before[c].days,
    to: after[c].days,
  }));
}

/** GET /api/v1/privacy?domain_uuid= (account/view_audit in the building). */
export const privacyQuerySchema = z.object({ domain_uuid: z.uuid() });
export type PrivacyQuery = z.infer<typeof privacyQuerySchema>;

/**
 * PUT /api/v1/privacy (account/edit in the building): the periods to change (null: back to the installation's). Whether
 * recognition needs consent is PUT /api/v1/privacy/consent (faces/edit).
 */
export const privacyUpdateSchema = z
  .object({
    domain_uuid: z.uuid(),
    retention: z.partialRecord(retentionCategorySchema, retentionDaysSchema.nullable()),
    /** the session token the web puts in every write body (part 1 §7); the header is what counts */
    token: z.string().max(512).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    for (const category of INSTALLATION_CATEGORIES)
      if (body.retention[category] !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['retention', category],
          message: `${RETENTION_CATEGORY_TEXT[category].label} belong to no building: their period is set for the whole installation (${retentionEnvName(category)}).`,
        });
    if (Object.keys(body.retention).length === 0)
      ctx.addIssue({ code: 'custom', path: ['retention'], message: 'Nothing to change: name at least one period.' });
  });
export type PrivacyUpdate = z.infer<typeof privacyUpdateSchema>;

const isoTime = z.iso.datetime();

/** How much a category holds in the building now: rows (or files), their bytes where known, the oldest one's time. */
export const retentionHeldSchema = z.object({
  count: z.number().int().nonnegative(),
  /** null where not measured (pictures of faces and events are not summed: that would read every file) */
  bytes: z.number().int().nonnegative().nullable(),
  oldest: isoTime.nullable(),
});
export type RetentionHeld = z.infer<typeof retentionHeldSchema>;

export const retentionEntrySchema = z.object({
  category: retentionCategorySchema,
  days: z.number().int(),
  source: z.enum(['building', 'env', 'default', 'floor']),
  default_days: z.number().int(),
  /** the shortest period the building may set: the audit trail's floor (VIGIL_AUDIT_RETENTION_MIN_DAYS), else 1 */
  min_days: z.number().int(),
  /** installation: the same for every building, set by its VIGIL_RETENTION_* variable */
  scope: z.enum(['building', 'installation']),
  held: retentionHeldSchema,
});
export type RetentionEntry = z.infer<typeof retentionEntrySchema>;

export const retentionSweepStateSchema = z.object({
  /** null: sweeps are off on this server */
  every_minutes: z.number().int().nullable(),
  last_started_at: isoTime.nullable(),
  last_finished_at: isoTime.nullable(),
  /** rows and files the last finished sweep deleted (all buildings) */
  last_deleted: z.number().int().nullable(),
  next_at: isoTime.nullable(),
  running: z.boolean(),
});
export type RetentionSweepState = z.infer<typeof retentionSweepStateSchema>;

export const privacyReplySchema = z.object({
  ok: z.literal(true),
  domain_uuid: z.string(),
  /** whether recognition needs consent in the building (changed with PUT /api/v1/privacy/consent) */
  consent_required: z.boolean(),
  /** every category, in RETENTION_CATEGORIES order */
  retention: z.array(retentionEntrySchema),
  sweep: retentionSweepStateSchema,
  updated_at: isoTime.nullable(),
  updated_by: z.string().nullable(),
});
export type PrivacyReply = z.infer<typeof privacyReplySchema>;
