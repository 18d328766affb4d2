import { z } from 'zod';
import { uuidSchema } from './common.js';

export const ALERTS_SOURCES = ['objects', 'faces_elopement_alerts'] as const;

/** Known domain preferences with their defaults; a domain's stored preferences are merged over these. */
export const DEFAULT_PREFERENCES = {
  alerts_source: 'objects',
  credentials_hide_no_image: false,
} as const;

export const preferencesSchema = z.object({
  alerts_source: z.enum(ALERTS_SOURCES),
  credentials_hide_no_image: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const CAMERA_CATEGORIES = ['Stairwell', 'Hallway', 'Outdoor', 'Elevator Car', 'Elevator Banks', 'Other'] as const;

export const cameraSchema = z.object({
  uuid: uuidSchema,
  description: z.string(),
  /** one of CAMERA_CATEGORIES or a building-wing prefix such as "North Wing" */
  category: z.string(),
  floor: z.number().int().nullable(),
  label: z.string().nullable(),
});
export type Camera = z.infer<typeof cameraSchema>;

export const domainSchema = z.object({
  uuid: uuidSchema,
  description: z.string(),
  cameraUUIDs: z.array(uuidSchema),
  cameras: z.array(cameraSchema),
  preferences: preferencesSchema,
});
export type Domain = z.infer<typeof domainSchema>;

/** POST /api/v4/domains: every domain the user holds an entitlement in. */
export const domainsReplySchema = z.object({ domains: z.array(domainSchema) });
export type DomainsReply = z.infer<typeof domainsReplySchema>;

const WING_PREFIX = /^\s*((?:[A-Z][\w'-]*\s+)?Wing\b(?:\s+[A-Z0-9]\b)?)/i;

/**
 * Category from a camera description (spec part 1 §3): Stairwell, Hallway, Outdoor, Elevator Car,
 * Elevator Banks, a building-wing prefix ("North Wing"), else Other.
 */
export function deriveCameraCategory(description: string): string {
  const text = description.toLowerCase();
  if (/\bstair(s|well|way|case)?\b/.test(text)) return 'Stairwell';
  if (/\b(hall(way)?|corridor)\b/.test(text)) return 'Hallway';
  if (/\belevator\s+(bank|banks|lobby|landing)\b/.test(text)) return 'Elevator Banks';
  if (/\b(elevator|lift)\b/.test(text)) return 'Elevator Car';
  if (/\b(outdoor|outside|exterior|parking|garden|courtyard|driveway|yard)\b/.test(text)) return 'Outdoor';
  const wing = WING_PREFIX.exec(description);
  if (wing?.[1]) return titleCase(wing[1].replace(/\s+/g, ' '));
  return 'Other';
}

function titleCase(text: string): string {
  return text.replace(/\b\w/g, (c) => c.toUpperCase());
}

/** Floor number from a description such as "Floor 2", "2nd Floor", "Level 3" or "F4"; null when none. */
export function deriveCameraFloor(description: string): number | null {
  const match =
    /\b(?:floor|level|fl\.?)\s*(-?\d{1,3})\b/i.exec(description) ??
    /\b(-?\d{1,3})(?:st|nd|rd|th)\s+(?:floor|level)\b/i.exec(description) ??
    /\bF(\d{1,3})\b/.exec(description);
  return match?.[1] ? Number.parseInt(match[1], 10) : null;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function compareNullable<T>(a: T | null, b: T | null, compare: (x: T, y: T) => number): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return compare(a, b);
}

/** Cameras sort by label, then floor, then description (missing values last). */
export function compareCameras(a: Camera, b: Camera): number {
  return (
    compareNullable(a.label, b.label, collator.compare) ||
    compareNullable(a.floor, b.floor, (x, y) => x - y) ||
    collator.compare(a.description, b.description)
  );
}

export function sortCameras<T extends Camera>(cameras: readonly T[]): T[] {
  return [...cameras].sort(compareCameras);
}

/** The domain a camera belongs to, if the user has it. */
export function domainHoldingCamera<T extends Pick<Domain, 'uuid' | 'cameraUUIDs'>>(
  domains: readonly T[],
  cameraId: string,
): T | undefined {
  return domains.find((d) => d.cameraUUIDs.includes(cameraId));
}

/**
 * Which domain is current (spec part 1 §4): the remembered one if the user still has it, else the
 * domain holding the current camera, else the first.
 */
export function pickCurrentDomain(
  domains: readonly Pick<Domain, 'uuid' | 'cameraUUIDs'>[],
  currentDomainId: string | null | undefined,
  currentCameraId: string | null | undefined,
): string | null {
  if (currentDomainId && domains.some((d) => d.uuid === currentDomainId)) return currentDomainId;
  if (currentCameraId) {
    const holder = domainHoldingCamera(domains, currentCameraId);
    if (holder) return holder.uuid;
  }
  return domains[0]?.uuid ?? null;
}
