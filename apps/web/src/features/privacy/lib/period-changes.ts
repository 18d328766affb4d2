import { RETENTION, RETENTION_CATEGORY_TEXT, type PrivacyReply, type RetentionCategory } from '@vigil/contract';
/** What is being typed for a category: days, nothing yet, or back to the installation's period. */
export type PeriodDraft = number | '' | 'default';

export type Drafts = Partial<Record<RetentionCategory, PeriodDraft>>;

/**
 * The periods typed that can be saved: whole days within the bounds (each category's own minimum: the audit trail's
 * floor), or back to the default; the first problem otherwise.
 */
export function changesOf(
  drafts: Drafts,
  entries: PrivacyReply['retention'],
): { retention: Partial<Record<RetentionCategory, number | null>>; problem: string | null } {
  const retention: Partial<Record<RetentionCategory, number | null>> = {};
  for (const [category, draft] of Object.entries(drafts) as [RetentionCategory, PeriodDraft][]) {
    const entry = entries.find((e) => e.category === category);
    const min = entry?.min_days ?? RETENTION.minDays;
    if (draft === 'default') retention[category] = null;
    else if (draft === '' || draft < RETENTION.minDays || draft > RETENTION.maxDays)
      return { retention, problem: `Each period is a whole number of days from ${RETENTION.minDays} to ${RETENTION.maxDays}.` };
    else if (draft < min)
      return {
        retention,
        problem: `${RETENTION_CATEGORY_TEXT[category].label} is kept at least ${min} days on this installation.`,
      };
    else retention[category] = draft;
  }
  return { retention, problem: null };
}
