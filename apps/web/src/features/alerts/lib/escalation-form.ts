import { ESCALATION, escalationSettingsSchema, type EscalationSettings } from '@vigil/contract';

/** One tier as the form holds it. `key` keeps each tier's inputs its own while tiers are added and removed. */
export interface EscalationTierForm {
  key: number;
  name: string;
  roleIds: string[];
  userIds: string[];
}

export interface EscalationForm {
  delaySeconds: string;
  tiers: EscalationTierForm[];
}

/** Complaints by field: 'delay', 'tiers' (the list as a whole), or `tier.<i>.name`. */
export type EscalationFormErrors = Partial<Record<string, string>>;

let nextKey = 1;
const tierForm = (t: { name: string; role_ids?: readonly string[]; user_ids?: readonly string[] }): EscalationTierForm => ({
  key: nextKey++,
  name: t.name,
  roleIds: [...(t.role_ids ?? [])],
  userIds: [...(t.user_ids ?? [])],
});

export function settingsToForm(settings: EscalationSettings): EscalationForm {
  return { delaySeconds: String(settings.delay_seconds), tiers: settings.tiers.map(tierForm) };
}

/** A tier added at the end: named by its place, telling everyone with the right until roles or users are chosen. */
export function withTierAdded(form: EscalationForm): EscalationForm {
  if (form.tiers.length >= ESCALATION.maxTiers) return form;
  return { ...form, tiers: [...form.tiers, tierForm({ name: `Tier ${form.tiers.length + 1}` })] };
}

export function withTierRemoved(form: EscalationForm, key: number): EscalationForm {
  return { ...form, tiers: form.tiers.filter((t) => t.key !== key) };
}

export function withTierChanged(form: EscalationForm, key: number, change: Partial<Omit<EscalationTierForm, 'key'>>): EscalationForm {
  return { ...form, tiers: form.tiers.map((t) => (t.key === key ? { ...t, ...change } : t)) };
}

/** The form as the server takes it, checked with the contract's schema first; or what is wrong, by field. */
export function formToSettings(
  form: EscalationForm,
): { ok: true; settings: EscalationSettings } | { ok: false; errors: EscalationFormErrors } {
  const delay = form.delaySeconds.trim();
  const parsed = escalationSettingsSchema.safeParse({
    delay_seconds: /^\d+$/.test(delay) ? Number(delay) : Number.NaN,
    tiers: form.tiers.map((t) => ({ name: t.name, role_ids: t.roleIds, user_ids: t.userIds })),
  });
  if (parsed.success) return { ok: true, settings: parsed.data };
  const errors: EscalationFormErrors = {};
  for (const issue of parsed.error.issues) {
    const [first, index, field] = issue.path;
    const key =
      first === 'delay_seconds'
        ? 'delay'
        : first === 'tiers' && typeof index === 'number' && field === 'name'
          ? `tier.${index}.name`
          : first === 'tiers'
            ? 'tiers'
            : String(first);
    errors[key] ??=
      key === 'delay'
        ? `Give a whole number of seconds from ${ESCALATION.minDelaySeconds} to ${ESCALATION.maxDelaySeconds}.`
        : key.endsWith('.name') && issue.code === 'too_small'
          ? 'Give the tier a name.'
          : issue.message;
  }
  return { ok: false, errors };
}

/** When a tier is told, in words: at once, or so long after the alert was raised if nobody is on it by then. */
export function tierTiming(index: number, tierCount: number, delaySeconds: number): string {
  const after = (n: number) => {
    const s = n * delaySeconds;
    return s % 60 === 0 ? `${s / 60} min` : s > 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
  };
  if (index === 0) return tierCount === 1 ? `Told at once, and again after ${after(1)} if nobody is on it` : 'Told at once';
  return `Told after ${after(index)} if nobody is on it`;
}
