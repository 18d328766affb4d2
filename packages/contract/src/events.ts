import { z } from 'zod';
import { uuidSchema } from './common.js';
import { isoUtcSchema } from './video.js';

/** Spec part 1 §9: events constants. */
export const EVENTS = {
  initialLimit: 250,
  refreshLimit: 150,
  searchLimit: 1500,
  pageSize: 100,
  rowHeight: 65,
  /** detections of one camera within this many seconds of the previous one merge under a parent (§5) */
  mergeSeconds: 300,
  maxLimit: 1500,
} as const;

export const EVENTS_MESSAGES = {
  noResults: 'No matching results, retry your query and try again',
  badRange: 'Error: start time cannot be later than end time.',
  noAccess: "Entitlements Error: Can't access alerts.",
} as const;

/** Alert categories of §9, the vocabulary of alert settings; every event falls in exactly one. */
export const ALERT_CATEGORIES = ['Faces', 'Contraband', 'Bike', 'Vehicle', 'Crowd', 'Pet', 'Delivery', 'Other'] as const;
export const alertCategorySchema = z.enum(ALERT_CATEGORIES);
export type AlertCategory = z.infer<typeof alertCategorySchema>;

/** A box in a frame, as fractions of its width and height (0..1), so it survives any resolution. */
export const boxSchema = z
  .object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1), w: z.number().gt(0).max(1), h: z.number().gt(0).max(1) })
  .refine((b) => b.x + b.w <= 1.0001 && b.y + b.h <= 1.0001, 'the box must lie inside the frame');
export type Box = z.infer<typeof boxSchema>;

export const detectionSchema = z.object({
  name: z.string(),
  confidence: z.number().min(0).max(1),
  box: boxSchema.optional(),
});
export type Detection = z.infer<typeof detectionSchema>;

/** An object-detection event as GET /api/events/v1/alerts returns it (§3). */
export const eventSchema = z.object({
  id: z.string(),
  description: z.string(),
  category: alertCategorySchema,
  camera_uuid: uuidSchema,
  camera_description: z.string(),
  /** signed link to a frame cut from the recording at the event time; null when no recording holds that moment (yet) */
  thumbnail_uri: z.string().nullable(),
  /** true when the domain's alert settings turned this event into an alert */
  alerted: z.boolean(),
  info: z.object({ started_at: isoUtcSchema, objects: z.array(z.string()) }),
  metrics: z.object({ description: z.string(), detections: z.array(detectionSchema) }),
});
export type VigilEvent = z.infer<typeof eventSchema>;

const booleanQuery = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

/** GET /api/events/v1/alerts: newest first, keyset-paginated (the token is an opaque cursor, never an offset). */
export const eventsQuerySchema = z
  .object({
    domain_uuid: uuidSchema,
    camera_uuid: uuidSchema.optional(),
    limit: z.coerce.number().int().min(1).max(EVENTS.maxLimit).default(EVENTS.refreshLimit),
    since: isoUtcSchema.optional(),
    until: isoUtcSchema.optional(),
    pagination_token: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,200}$/, 'is not a token this server gave out')
      .optional(),
    /** only events that raised an alert (the alerts feed); the timeline asks for every detection */
    alerted: booleanQuery,
  })
  .refine((q) => !q.since || !q.until || Date.parse(q.since) <= Date.parse(q.until), {
    message: EVENTS_MESSAGES.badRange,
    path: ['since'],
  });
/** What a client sends (the schema above also accepts the strings of a query string). */
export interface EventsQuery {
  domain_uuid: string;
  camera_uuid?: string;
  limit?: number;
  since?: string;
  until?: string;
  pagination_token?: string;
  alerted?: boolean;
}
export const eventsReplySchema = z.object({
  ok: z.literal(true),
  data: z.array(eventSchema),
  /** null when there is nothing older */
  paginationToken: z.string().nullable(),
});
export type EventsReply = z.infer<typeof eventsReplySchema>;

// ---- rules of §5

/** 'ssd_person' -> 'person': the detector's model prefix is not for people to read. */
export const removeDetectorPrefix = (name: string): string => name.replace(/^ssd_/, '');

/** §5 class mapping: pet (a detector's 'pet', or the dog or cat some detectors name), vehicle (car or truck), box, otherwise person. */
export type EventClass = 'pet' | 'vehicle' | 'box' | 'person';
export function eventClassOf(objectName: string): EventClass {
  const name = removeDetectorPrefix(objectName).toLowerCase();
  if (name === 'pet' || name === 'dog' || name === 'cat') return 'pet';
  if (name === 'car' || name === 'truck') return 'vehicle';
  if (name === 'box') return 'box';
  return 'person';
}

/** The class of an event with several objects: the first of pet, vehicle, box that any object maps to, else person. */
export function eventClassOfObjects(objects: readonly string[]): EventClass {
  const classes = objects.map(eventClassOf);
  return (['pet', 'vehicle', 'box'] as const).find((c) => classes.includes(c)) ?? 'person';
}

/** Timeline class names (§3) and their dot colours (§9). */
export const TIMELINE_CLASS_NAMES = ['bicycle', 'alarm', 'person', 'group', 'pet'] as const;
export type TimelineClassName = (typeof TIMELINE_CLASS_NAMES)[number];
export const EVENT_DOT_COLOURS: Record<TimelineClassName, string> = {
  bicycle: '#1c7ed6',
  alarm: '#e03131',
  person: '#f08c00',
  group: '#ae3ec9',
  pet: '#2f9e44',
};

export function timelineClassNameOf(objects: readonly string[]): TimelineClassName {
  const names = objects.map((o) => removeDetectorPrefix(o).toLowerCase());
  if (names.some((n) => n === 'alarm' || n === 'elopement_alert')) return 'alarm';
  if (names.includes('bicycle')) return 'bicycle';
  if (names.some((n) => ['pet', 'dog', 'cat'].includes(n))) return 'pet';
  if (names.filter((n) => n === 'person').length >= 2 || names.includes('group')) return 'group';
  return 'person';
}

const CONTRABAND = new Set(['knife', 'gun', 'weapon', 'bottle', 'scissors']);
const VEHICLES = new Set(['car', 'truck', 'bus', 'motorcycle', 'vehicle']);
const PETS = new Set(['pet', 'dog', 'cat']);
const DELIVERIES = new Set(['box', 'package', 'parcel']);
/** People at once that make a crowd. */
export const CROWD_SIZE = 3;

/** The alert category of an event from its object names (what alert settings choose between). */
export function alertCategoryOf(objects: readonly string[]): AlertCategory {
  const names = objects.map((o) => removeDetectorPrefix(o).toLowerCase());
  if (names.some((n) => CONTRABAND.has(n))) return 'Contraband';
  if (names.filter((n) => n === 'person').length >= CROWD_SIZE) return 'Crowd';
  if (names.includes('face')) return 'Faces';
  if (names.some((n) => VEHICLES.has(n))) return 'Vehicle';
  if (names.includes('bicycle')) return 'Bike';
  if (names.some((n) => PETS.has(n))) return 'Pet';
  if (names.some((n) => DELIVERIES.has(n))) return 'Delivery';
  return 'Other';
}

/** 'Person detected', '2 persons and a car detected' style text for an event without a description of its own. */
export function describeObjects(objects: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const o of objects) {
    const n = removeDetectorPrefix(o).toLowerCase();
    counts.set(n, (counts.get(n) ?? 0) + 1);
  }
  const parts = [...counts.entries()].map(([name, n]) => (n === 1 ? name : `${n} ${name}s`));
  const text = parts.length <= 1 ? (parts[0] ?? 'object') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)} detected`;
}

/** §5 event search: the range check the timeline runs before it asks the server. */
export function validateEventSearchRange(start: Date | number, end: Date | number): string | null {
  return +start > +end ? EVENTS_MESSAGES.badRange : null;
}

export interface Mergeable {
  cameraId: string;
  timestamp: number;
}
export interface MergedGroup<T extends Mergeable> {
  parent: T;
  /** the other detections merged under the parent, newest first */
  children: T[];
}

/**
 * §5 detection merging: a detection within 300 s of the previous detection of the same camera joins that
 * camera's group. The newest detection of a group is its parent. Groups come back newest first.
 */
export function mergeDetections<T extends Mergeable>(items: readonly T[], windowSeconds: number = EVENTS.mergeSeconds): MergedGroup<T>[] {
  const chronological = [...items].sort((a, b) => a.timestamp - b.timestamp);
  const open = new Map<string, T[]>();
  const groups: T[][] = [];
  for (const item of chronological) {
    const current = open.get(item.cameraId);
    const previous = current?.at(-1);
    if (current && previous && item.timestamp - previous.timestamp <= windowSeconds * 1000) {
      current.push(item);
    } else {
      const group = [item];
      groups.push(group);
      open.set(item.cameraId, group);
    }
  }
  return groups
    .map((group) => {
      const newestFirst = group.reverse();
      return { parent: newestFirst[0]!, children: newestFirst.slice(1) };
    })
    .sort((a, b) => b.parent.timestamp - a.parent.timestamp);
}

/** The timeline's view of an event (§3): timestamp, title, image, cameraId, className, cameraDescription. */
export interface TimelineEvent extends Mergeable {
  id: string;
  title: string;
  image: string | null;
  className: TimelineClassName;
  eventClass: EventClass;
  cameraDescription: string;
  objects: string[];
  category: AlertCategory;
  alerted: boolean;
  metrics: VigilEvent['metrics'];
}

export function toTimelineEvent(event: VigilEvent): TimelineEvent {
  const objects = event.info.objects.map(removeDetectorPrefix);
  return {
    id: event.id,
    timestamp: Date.parse(event.info.started_at),
    title: event.description,
    image: event.thumbnail_uri,
    cameraId: event.camera_uuid,
    cameraDescription: event.camera_description,
    className: timelineClassNameOf(objects),
    eventClass: eventClassOfObjects(objects),
    objects,
    category: event.category,
    alerted: event.alerted,
    metrics: {
      description: event.metrics.description,
      detections: event.metrics.detections.map((d) => ({ ...d, name: removeDetectorPrefix(d.name) })),
    },
  };
}

/** Local calendar day key (YYYY-MM-DD in the given time zone) that the timeline groups by. */
export function dayKey(timestamp: number, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(timestamp);
}
