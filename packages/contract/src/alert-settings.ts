import { z } from 'zod';
import { uuidSchema } from './common.js';
import { ALERT_CATEGORIES, alertCategorySchema, type AlertCategory } from './events.js';
import { minutesToClock, parseGeoloc, twilightMinutes, zonedParts } from './sun.js';
import { isoUtcSchema } from './video.js';

/** §9 alert settings options. */
export const ALERT_SECONDS_OPTIONS = [5, 10, 15, 20, 30, 45, 60, 90] as const;
/** §9 says "Sunday to Friday"; every day is offered so a Saturday-only rule is possible (DECISIONS.md). */
export const ALERT_DAY_OPTIONS = [
  'Day',
  'Weekday',
  'Weekend',
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
export type AlertDay = (typeof ALERT_DAY_OPTIONS)[number];
export const TIME_POINT_KINDS = ['Fixed', 'Dawn', 'Dusk'] as const;
export { ALERT_CATEGORIES };

const secondsOption = z.union(ALERT_SECONDS_OPTIONS.map((n) => z.literal(n)) as [z.ZodLiteral<5>, ...z.ZodLiteral<number>[]]);

/** A bound of a time range: a fixed local time, or the domain's civil dawn or dusk of that day. */
export const timePointSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('Fixed'), time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time like 21:30') }),
  z.object({ kind: z.literal('Dawn') }),
  z.object({ kind: z.literal('Dusk') }),
]);
export type TimePoint = z.infer<typeof timePointSchema>;

export const timeRangeSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('All Day') }),
  z.object({ mode: z.literal('Between'), start: timePointSchema, end: timePointSchema }),
]);
export type TimeRange = z.infer<typeof timeRangeSchema>;

export const alertRuleInputSchema = z.object({
  name: z.string().trim().min(1, 'Please give the rule a name.').max(80),
  enabled: z.boolean().default(true),
  categories: z
    .array(alertCategorySchema)
    .min(1, 'Choose at least one category.')
    .refine((c) => new Set(c).size === c.length, 'Each category once.'),
  /** empty: every camera of the domain */
  camera_uuids: z.array(uuidSchema).max(500).default([]),
  days: z
    .array(z.enum(ALERT_DAY_OPTIONS))
    .min(1, 'Choose at least one day.')
    .refine((d) => new Set(d).size === d.length, 'Each day once.'),
  time_range: timeRangeSchema,
  idle_seconds: secondsOption,
  rate_limit_seconds: secondsOption,
});
export type AlertRuleInput = z.input<typeof alertRuleInputSchema>;
export type AlertRuleFields = z.output<typeof alertRuleInputSchema>;

export const alertRuleSchema = alertRuleInputSchema.extend({
  id: uuidSchema,
  domain_uuid: uuidSchema,
  created_at: isoUtcSchema,
  updated_at: isoUtcSchema,
});
export type AlertRule = z.infer<typeof alertRuleSchema>;

// ---- calls (paths chosen by Vigil; the spec names only the /alerts/settings page)
export const alertSettingsQuerySchema = z.object({ domain_uuid: uuidSchema });
export const alertSettingsReplySchema = z.object({
  ok: z.literal(true),
  rules: z.array(alertRuleSchema),
  timezone: z.string(),
  /** today's civil dawn and dusk at the building as local HH:mm (null without a location, or in polar day/night) */
  today: z.object({ dawn: z.string().nullable(), dusk: z.string().nullable() }),
});
export type AlertSettingsReply = z.infer<typeof alertSettingsReplySchema>;
export const createAlertRuleBodySchema = z.object({ domain_uuid: uuidSchema, rule: alertRuleInputSchema });
export const alertRuleParamsSchema = z.object({ id: uuidSchema });
export const updateAlertRuleBodySchema = z.object({ rule: alertRuleInputSchema });
export const alertRuleReplySchema = z.object({ ok: z.literal(true), rule: alertRuleSchema });
export const deleteAlertRuleReplySchema = z.object({ ok: z.literal(true) });

// ---- rules applied when an event becomes an alert

/** The place an alert's local day and dawn/dusk are computed for. */
export interface AlertPlace {
  timeZone: string;
  geoloc: string | null;
}

export function dayMatches(days: readonly AlertDay[], weekday: number): boolean {
  return days.some((d) => {
    if (d === 'Day') return true;
    if (d === 'Weekday') return weekday >= 1 && weekday <= 5;
    if (d === 'Weekend') return weekday === 0 || weekday === 6;
    return ALERT_DAY_OPTIONS.indexOf(d) - 3 === weekday;
  });
}

/** When the building has no location (or the sun does not cross -6° that day), dawn and dusk fall back to these. */
export const FALLBACK_TWILIGHT = { dawn: 6 * 60, dusk: 18 * 60 } as const;

export function timePointMinutes(point: TimePoint, twilight: { dawn: number | null; dusk: number | null }): number {
  if (point.kind === 'Fixed') {
    const [h, m] = point.time.split(':').map(Number);
    return (h ?? 0) * 60 + (m ?? 0);
  }
  return point.kind === 'Dawn' ? (twilight.dawn ?? FALLBACK_TWILIGHT.dawn) : (twilight.dusk ?? FALLBACK_TWILIGHT.dusk);
}

/** Whether a local time of day lies in a range; a range whose end is before its start runs over midnight (Dusk to Dawn). */
export function inTimeRange(range: TimeRange, minutes: number, twilight: { dawn: number | null; dusk: number | null }): boolean {
  if (range.mode === 'All Day') return true;
  const start = timePointMinutes(range.start, twilight);
  const end = timePointMinutes(range.end, twilight);
  if (start === end) return true;
  return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}

const usesTwilight = (range: TimeRange) => range.mode === 'Between' && (range.start.kind !== 'Fixed' || range.end.kind !== 'Fixed');

/** Days and time window of a rule at an instant, in the building's time zone. */
export function ruleWindowOpen(rule: Pick<AlertRuleFields, 'days' | 'time_range'>, at: number, place: AlertPlace): boolean {
  const local = zonedParts(at, place.timeZone);
  if (!dayMatches(rule.days, local.weekday)) return false;
  const geo = parseGeoloc(place.geoloc);
  const twilight =
    usesTwilight(rule.time_range) && geo ? twilightMinutes(at, place.timeZone, geo.lat, geo.lng) : { dawn: null, dusk: null };
  return inTimeRange(rule.time_range, local.minutes, twilight);
}

/** What a rule remembers per camera: its last alert, and the last time it saw its categories at all. */
export interface RuleCameraState {
  lastAlertAt: number | null;
  lastSeenAt: number | null;
}

/**
 * Rate limit: at most one alert per rule and camera per rate_limit_seconds.
 * Idle: a new alert needs the camera to have been quiet (no detection of the rule's categories) for idle_seconds,
 * so someone standing in view raises one alert, not one per detection.
 */
export function throttleAllows(
  rule: Pick<AlertRuleFields, 'idle_seconds' | 'rate_limit_seconds'>,
  state: RuleCameraState | undefined,
  at: number,
): boolean {
  if (!state) return true;
  if (state.lastAlertAt !== null && at - state.lastAlertAt < rule.rate_limit_seconds * 1000) return false;
  if (state.lastSeenAt !== null && at - state.lastSeenAt < rule.idle_seconds * 1000) return false;
  return true;
}

export type RuleForEvaluation = Pick<
  AlertRuleFields,
  'enabled' | 'categories' | 'camera_uuids' | 'days' | 'time_range' | 'idle_seconds' | 'rate_limit_seconds'
> & {
  id: string;
};

export interface AlertDecision {
  alert: boolean;
  /** the rule that raised it, null for the built-in default (a domain without rules alerts on everything) */
  ruleId: string | null;
}

/**
 * Turns one event into an alert or not, updating `state` (keyed `${ruleId}:${cameraId}`). Events must be fed in
 * time order per camera. With no rules at all every event alerts; with rules, an event alerts when one enabled rule
 * covers its category and camera, its window is open, and its throttle allows it.
 */
export function evaluateAlert(
  rules: readonly RuleForEvaluation[],
  event: { cameraId: string; at: number; category: AlertCategory },
  place: AlertPlace,
  state: Map<string, RuleCameraState>,
): AlertDecision {
  if (rules.length === 0) return { alert: true, ruleId: null };
  let decision: AlertDecision = { alert: false, ruleId: null };
  for (const rule of rules) {
    if (!rule.enabled || !rule.categories.includes(event.category)) continue;
    if (rule.camera_uuids.length > 0 && !rule.camera_uuids.includes(event.cameraId)) continue;
    if (!ruleWindowOpen(rule, event.at, place)) continue;
    const key = `${rule.id}:${event.cameraId}`;
    const current = state.get(key);
    const allowed = throttleAllows(rule, current, event.at);
    if (allowed && !decision.alert) decision = { alert: true, ruleId: rule.id };
    state.set(key, { lastAlertAt: allowed ? event.at : (current?.lastAlertAt ?? null), lastSeenAt: event.at });
  }
  return decision;
}

/** Today's dawn and dusk as the settings page shows them. */
export function twilightLabels(at: number, place: AlertPlace): { dawn: string | null; dusk: string | null } {
  const geo = parseGeoloc(place.geoloc);
  if (!geo) return { dawn: null, dusk: null };
  const t = twilightMinutes(at, place.timeZone, geo.lat, geo.lng);
  return { dawn: t.dawn === null ? null : minutesToClock(t.dawn), dusk: t.dusk === null ? null : minutesToClock(t.dusk) };
}
