import { alertRuleInputSchema, type AlertRuleFields, type Camera, type TimePoint, type TimeRange } from '@vigil/contract';
import { formPoint, pointToForm, type TimePointForm } from '../../../components/time-rule/time-rule-form';

export { twilightChoiceLabels, type TimePointKind } from '../../../components/time-rule/time-rule-form';

/** What the rule form holds while someone edits it: strings and lists, as the inputs give them. */
export interface AlertRuleForm {
  name: string;
  enabled: boolean;
  categories: string[];
  /** empty: every camera */
  cameraIds: string[];
  days: string[];
  timeMode: TimeRange['mode'];
  start: TimePointForm;
  end: TimePointForm;
  idleSeconds: string;
  rateLimitSeconds: string;
}

export type AlertRuleFormField = 'name' | 'categories' | 'cameraIds' | 'days' | 'start' | 'end' | 'idleSeconds' | 'rateLimitSeconds';
export type AlertRuleFormErrors = Partial<Record<AlertRuleFormField, string>>;

export const EMPTY_RULE_FORM: AlertRuleForm = {
  name: '',
  enabled: true,
  categories: [],
  cameraIds: [],
  days: ['Day'],
  timeMode: 'All Day',
  start: { kind: 'Dusk', time: '20:00' },
  end: { kind: 'Dawn', time: '07:00' },
  idleSeconds: '30',
  rateLimitSeconds: '60',
};

/** A saved rule back into the form, to edit it. */
export function ruleToForm(rule: AlertRuleFields): AlertRuleForm {
  const range = rule.time_range;
  return {
    name: rule.name,
    enabled: rule.enabled,
    categories: [...rule.categories],
    cameraIds: [...rule.camera_uuids],
    days: [...rule.days],
    timeMode: range.mode,
    start: range.mode === 'Between' ? pointToForm(range.start, EMPTY_RULE_FORM.start.time) : { ...EMPTY_RULE_FORM.start },
    end: range.mode === 'Between' ? pointToForm(range.end, EMPTY_RULE_FORM.end.time) : { ...EMPTY_RULE_FORM.end },
    idleSeconds: String(rule.idle_seconds),
    rateLimitSeconds: String(rule.rate_limit_seconds),
  };
}

const FIELD_OF: Record<string, AlertRuleFormField> = {
  name: 'name',
  categories: 'categories',
  camera_uuids: 'cameraIds',
  days: 'days',
  idle_seconds: 'idleSeconds',
  rate_limit_seconds: 'rateLimitSeconds',
};

const SECONDS_MESSAGE = 'Choose one of the listed numbers of seconds.';

/** The form as the rule the server takes, checked with the contract's schema; or what is wrong, per field. */
export function formToRule(form: AlertRuleForm): { ok: true; rule: AlertRuleFields } | { ok: false; errors: AlertRuleFormErrors } {
  const candidate = {
    name: form.name,
    enabled: form.enabled,
    categories: form.categories,
    camera_uuids: form.cameraIds,
    days: form.days,
    time_range:
      form.timeMode === 'All Day' ? { mode: 'All Day' } : { mode: 'Between', start: formPoint(form.start), end: formPoint(form.end) },
    idle_seconds: Number(form.idleSeconds),
    rate_limit_seconds: Number(form.rateLimitSeconds),
  };
  const parsed = alertRuleInputSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, rule: parsed.data };
  const errors: AlertRuleFormErrors = {};
  for (const issue of parsed.error.issues) {
    const [top, second] = issue.path;
    let field: AlertRuleFormField | undefined = typeof top === 'string' ? FIELD_OF[top] : undefined;
    if (top === 'time_range') field = second === 'end' ? 'end' : 'start';
    if (!field || errors[field]) continue;
    errors[field] = field === 'idleSeconds' || field === 'rateLimitSeconds' ? SECONDS_MESSAGE : issue.message;
  }
  return { ok: false, errors };
}

/** 'Dawn', 'Dusk' or the fixed time, as a rule's summary reads. */
const pointText = (point: TimePoint): string => (point.kind === 'Fixed' ? point.time : point.kind);

/** One line about a rule: categories · cameras · days · time range · idle and rate limit. */
export function describeRule(rule: AlertRuleFields, cameras: readonly Pick<Camera, 'uuid' | 'description'>[]): string {
  const cameraText =
    rule.camera_uuids.length === 0
      ? 'All cameras'
      : rule.camera_uuids.map((id) => cameras.find((c) => c.uuid === id)?.description ?? 'a removed camera').join(', ');
  const time = rule.time_range.mode === 'All Day' ? 'All Day' : `${pointText(rule.time_range.start)}–${pointText(rule.time_range.end)}`;
  return [
    rule.categories.join(', '),
    cameraText,
    rule.days.join(', '),
    time,
    `idle ${rule.idle_seconds} s, at most one alert per ${rule.rate_limit_seconds} s`,
  ].join(' · ');
}
