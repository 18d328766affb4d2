import { z } from 'zod';
import { hasOperation, type ServiceMap } from './entitlements.js';
import { canReadFaces, visibleToCaller, type FaceRole } from './faces.js';

// Badges (part 2 §2-§9, issue 29): door-badge (keycard) taps compared with the faces seen at the door. An access-control
// system sends taps; the faces the analyzer saw at the access point's camera around each tap are the tap's detections,
// scored against the badge holder and the holder's co-tenants on the building's calibrated scale.

export const BADGES = {
  /** Part 2 §9: credential identity ids are 16 characters. */
  identityIdLength: 16,
  /** Part 2 §9: the badge list's virtual rows. */
  cellHeight: 65,
  cellBuffer: 10,
  /** Part 2 §9: another person's verification within this long shows the staff warning. */
  recentVerificationMs: 60_000,
  /** Access events per page (Load More asks for the next). */
  eventsPage: 20,
  maxEventsPage: 100,
  /** Detections a tap shows at first; More Detections widens the window. */
  tapDetections: 12,
  /** Faces this long before and after a tap at its access point's camera are the tap's (per access point, changeable). */
  windowBeforeMs: 10_000,
  windowAfterMs: 10_000,
  /** More Detections: at most this far either side of the tap. */
  maxSearchWindowMs: 10 * 60_000,
  /** Consecutive detections of one person at a door are one passage: this close in time and this alike. */
  passageGapMs: 3_000,
  passageMinSimilarity: 0.5,
  /** Tailgating: more people through the door than taps within this long after a tap. */
  tailgateWindowMs: 10_000,
  /** An ingest request's taps. */
  maxTaps: 5000,
} as const;

/** Part 2 §3: a 16-character credential identity id (letters, digits, '-' and '_'). */
export const identityIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16}$/, `must be a credential identity id of exactly ${BADGES.identityIdLength} letters, digits, '-' or '_'`);

/** Roles an access-control system gives an identity; tor is the unit's tenant of record (key icon). */
export const BADGE_ROLES = ['tor', 'cotenant', 'staff', 'contractor', 'visitor'] as const;
export const badgeRoleSchema = z.enum(BADGE_ROLES);
export type BadgeRole = z.infer<typeof badgeRoleSchema>;

/** What the role tag says when clicked (part 2 §2: 'Unit {unit}', role shown on click). */
export const BADGE_ROLE_TEXT: Record<BadgeRole, string> = {
  tor: 'Tenant of record',
  cotenant: 'Co-tenant',
  staff: 'Staff',
  contractor: 'Contractor',
  visitor: 'Visitor',
};

// ---- rules (part 2 §4, §9)

export const CONFIDENCE_LABELS = ['High', 'Medium', 'Low'] as const;
export type ConfidenceLabel = (typeof CONFIDENCE_LABELS)[number];

/**
 * The label of a face's confidence against a person, on the building's calibrated scale: High from 0.98 (the spec's
 * green threshold), Medium from 0.90 (where Vigil names someone), Low from 0.50 (more likely them than not); below that no
 * label (gray).
 */
export const LABEL_FROM = { High: 0.98, Medium: 0.9, Low: 0.5 } as const;
export function confidenceLabel(confidence: number | null | undefined): ConfidenceLabel | null {
  if (confidence === null || confidence === undefined || !Number.isFinite(confidence)) return null;
  if (confidence >= LABEL_FROM.High) return 'High';
  if (confidence >= LABEL_FROM.Medium) return 'Medium';
  if (confidence >= LABEL_FROM.Low) return 'Low';
  return null;
}

/** A confirmation (verified match) of a detection at a tap, as the score counts it. */
export interface TagForScore {
  identity_id: string;
  rejected: boolean;
}

/**
 * Part 2 §4: a detection's score is the model's confidence against the identity, plus 2 for every non-rejected
 * confirmation for that identity and 1 for every other non-rejected confirmation.
 */
export function detectionScore(modelConfidence: number, tags: readonly TagForScore[], identityId: string): number {
  let score = modelConfidence;
  for (const tag of tags) if (!tag.rejected) score += tag.identity_id === identityId ? 2 : 1;
  return Math.round(score * 1000) / 1000;
}

/** Part 2 §4: verified when someone verified it (a verifier or a verification time) or its score exceeds 2. */
export function isVerified(d: { verifiedBy?: string | null; verifiedAt?: string | number | null; score: number }): boolean {
  return Boolean(d.verifiedBy) || (d.verifiedAt !== null && d.verifiedAt !== undefined) || d.score > 2;
}

export type DetectionColour = 'green' | 'yellow' | 'gray' | 'cotenant';

/** Part 2 §4: green (High or Medium or verified, not a co-tenant), yellow (Low), gray (no label, not verified), co-tenant. */
export function detectionColour(d: { isCotenant: boolean; label: ConfidenceLabel | null; verified: boolean }): DetectionColour {
  if (d.isCotenant) return 'cotenant';
  if (d.label === 'High' || d.label === 'Medium' || d.verified) return 'green';
  if (d.label === 'Low') return 'yellow';
  return 'gray';
}

/**
 * The match ratio (part 2 §3 matchRatio, the header's 'percent of taps match'): of the taps with a face at the door,
 * the share where a face is the holder (verified, or labelled High or Medium for them). Taps with no face (nullMatched)
 * can neither match nor mismatch, so they are not counted; 0 when no tap had a face.
 */
export function matchRatio(taps: { matched: number; total: number; nullMatched: number }): number {
  const verifiable = taps.total - taps.nullMatched;
  return verifiable <= 0 ? 0 : Math.round((taps.matched / verifiable) * 10_000) / 10_000;
}

/** Part 2 §9: percentages rounded to two decimals ('87.5%', '100%'). */
export function ratioPercent(fraction: number): string {
  return `${Math.round(fraction * 10_000) / 100}%`;
}

/** Part 1 §9: credential times 'YYYY-MM-DD HH:mm:ss UTC'. */
export function formatCredentialTime(at: string | number | Date): string {
  return `${new Date(at).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** A name as the badge list shows it: 'MARY O'NEIL-SMITH' → "Mary O'Neil-Smith". */
export function titleCase(name: string): string {
  return name.toLowerCase().replace(/(^|[\s'\-.])(\p{L})/gu, (_, lead: string, letter: string) => lead + letter.toUpperCase());
}

/**
 * The staff-only warning (part 2 §2, §9): another person verified this identity's events less than 60 s ago. The spec
 * leaves the test open; Vigil's: the newest verification is by someone else and is younger than 60 s.
 */
export function recentVerificationWarning(
  last: { by: string | null; at: string | null } | null,
  me: string,
  now: number,
): { by: string; secondsAgo: number } | null {
  if (!last?.by || !last.at || last.by === me) return null;
  const age = now - Date.parse(last.at);
  if (!(age >= 0 && age < BADGES.recentVerificationMs)) return null;
  return { by: last.by, secondsAgo: Math.floor(age / 1000) };
}

/** A card number masked to its last four characters. */
export function maskCredential(id: string): string {
  return id.length <= 4 ? id : `${'•'.repeat(Math.min(4, id.length - 4))}${id.slice(-4)}`;
}

/**
 * What of the faces registry the badge pages may show a caller (DECISIONS.md "Registry data outside the faces pages"):
 * nothing without the faces operations that load the registry, residents only without faces/find_all, else everyone.
 * Callers of one class see the same list, so the badge list is cached per building and class.
 */
export type RegistryVisibility = 'none' | 'residents' | 'all';

export function registryVisibility(services: ServiceMap | undefined): RegistryVisibility {
  if (!canReadFaces(services)) return 'none';
  return hasOperation(services, 'faces', 'find_all') ? 'all' : 'residents';
}

/** Whether a registry person of this role (their name, photo and record) is shown to a caller of this class. */
export function registryPersonShown(visibility: RegistryVisibility, role: string): boolean {
  return visibility !== 'none' && visibleToCaller(role as FaceRole, visibility === 'all');
}
