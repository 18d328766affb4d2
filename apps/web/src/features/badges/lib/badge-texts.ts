import type { AccessEvent, BadgeIdentity } from '@vigil/contract';

/** The badge pages' texts the spec quotes (part 2 §2), verbatim. */
export const BADGE_MESSAGES = {
  noProfile: 'Please select a profile on the left hand side.',
  neverUsed: "This keycard hasn't been used yet.",
  needsTraining: 'Needs Training',
  taggingTitle: 'Click to Select Matching Faces',
} as const;

/** 'This keycard has 3 verified matches.' / 'This keycard has no verified matches.' */
export function verifiedMatchesText(matched: number): string {
  return `This keycard has ${matched === 0 ? 'no' : matched} verified matches.`;
}

/** The staff warning (part 2 §2, §9): '{by} verified events for this identity {n} seconds ago.' */
export function recentVerificationText(warning: { by: string; secondsAgo: number }): string {
  return `${warning.by} verified events for this identity ${warning.secondsAgo} seconds ago.`;
}

/** The badge list header's count of the building's credential mismatch report (7 days). */
export function mismatchCountText(rows: number): string {
  return `${rows} ${rows === 1 ? 'tap' : 'taps'} in the last 7 days did not match their badge`;
}

/** '12 taps', '1 tap'. */
export const tapsText = (taps: number): string => `${taps} ${taps === 1 ? 'tap' : 'taps'}`;

/** The credential tabs (part 2 §2): 'Badge 1'..'Badge n', only when an identity holds several. */
export function credentialTabs(identity: Pick<BadgeIdentity, 'credentials'>): { value: string; label: string }[] {
  if (identity.credentials.length < 2) return [];
  return identity.credentials.map((c, index) => ({ value: c.credential_uuid, label: `Badge ${index + 1}` }));
}

/** The tenants a tap's faces can be assigned to: the holder first, then the co-tenants. */
export function tenantsOf(identity: Pick<BadgeIdentity, 'identityId' | 'name' | 'cotenants'>): { identityId: string; name: string }[] {
  return [
    { identityId: identity.identityId, name: identity.name },
    ...identity.cotenants.map((c) => ({ identityId: c.identityId, name: c.name })),
  ];
}

export const tenantReportFileName = (identityId: string): string => `tenant-report-${identityId}.pdf`;
export const unitReportFileName = (unit: string): string => `unit-report-${unit}.pdf`;

export type AccessEventView = 'verifiable' | 'all' | 'verified';

/** The view tabs (part 2 §2), in order. */
export const ACCESS_EVENT_VIEW_TABS: readonly { value: AccessEventView; label: string }[] = [
  { value: 'verifiable', label: 'Verifiable Activity' },
  { value: 'all', label: 'All Activity' },
  { value: 'verified', label: 'Verified Matches' },
];

/** What an empty view says. */
export const EMPTY_VIEW_TEXT: Record<AccessEventView, string> = {
  verifiable: 'No taps with a face at the door yet. All Activity shows every tap.',
  all: 'No taps with this badge yet.',
  verified: 'No verified matches yet. Use Confirm Detections on a tap to verify its faces.',
};

/** More Detections asks for the faces within this long either side of the tap, at most this many. */
export const MORE_DETECTIONS = { windowSeconds: 60, limit: 60 } as const;

/** The faces a More Detections search found that the tap's card does not show yet. */
export function extraDetections<T extends { detectionId: string }>(shown: readonly T[], found: readonly T[]): T[] {
  const ids = new Set(shown.map((d) => d.detectionId));
  return found.filter((d) => !ids.has(d.detectionId));
}

/** The flags of a tap as its card's tags. */
export function tapFlagTags(event: Pick<AccessEvent, 'flags' | 'sharedWith' | 'passages'>): { label: string; detail: string | null }[] {
  return event.flags.map((flag) =>
    flag === 'shared'
      ? { label: 'Shared badge', detail: event.sharedWith ? `with ${event.sharedWith}` : null }
      : { label: 'Tailgating', detail: `${event.passages} ${event.passages === 1 ? 'person' : 'people'} through the door` },
  );
}
