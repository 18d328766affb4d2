import { EVENTS, formatUtc, validateEventSearchRange, type EventClass, type EventsQuery, type TimelineEvent } from '@vigil/contract';
import { STORAGE_KEYS, readJson, writeJson } from '../../../lib/storage-keys';

/** The §5 classes an event maps to, in the order the filter offers them. */
export const EVENT_CLASSES: readonly EventClass[] = ['person', 'pet', 'vehicle', 'box'];

/** Without a chosen start the timeline looks back as far as the video timeline's default view. */
export const DEFAULT_LOOKBACK_MS = 7 * 86_400_000;

/** 'all' cameras of the building, the camera on screen ('viewed'), or one camera's uuid. */
export type EventCameraFilter = 'all' | 'viewed' | (string & {});

/** What the user chose in the Filter panel; kept in localStorage (spec part 1 §9). */
export interface EventFilters {
  /** ISO UTC instants; null start looks back DEFAULT_LOOKBACK_MS, null end reaches the newest event. */
  start: string | null;
  end: string | null;
  camera: EventCameraFilter;
  /** empty: every class */
  classes: EventClass[];
}

export const DEFAULT_EVENT_FILTERS: EventFilters = { start: null, end: null, camera: 'all', classes: [] };

const isInstant = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));

/** Reads stored filters leniently: a field that is missing or unreadable falls back to its default. */
export function parseEventFilters(raw: unknown): EventFilters {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ...DEFAULT_EVENT_FILTERS };
  const value = raw as Record<string, unknown>;
  const classes = Array.isArray(value.classes) ? value.classes.filter((c): c is EventClass => EVENT_CLASSES.includes(c as EventClass)) : [];
  return {
    start: isInstant(value.start) ? value.start : null,
    end: isInstant(value.end) ? value.end : null,
    camera: typeof value.camera === 'string' && value.camera !== '' ? value.camera : 'all',
    classes: [...new Set(classes)],
  };
}

export const loadEventFilters = (): EventFilters => parseEventFilters(readJson(STORAGE_KEYS.eventFilters));

export function saveEventFilters(filters: EventFilters): void {
  writeJson(STORAGE_KEYS.eventFilters, filters);
}

/** §5: the range check, run before anything is asked of the server. */
export function eventFiltersError(filters: Pick<EventFilters, 'start' | 'end'>): string | null {
  if (filters.start === null || filters.end === null) return null;
  return validateEventSearchRange(Date.parse(filters.start), Date.parse(filters.end));
}

export interface EventSearchContext {
  domainId: string;
  /** the camera on screen */
  viewedCameraId: string;
  /** the building's cameras: a remembered camera of another building means all cameras */
  cameraIds: readonly string[];
  /** when the search was made; the default start counts back from it */
  now: number;
}

/** The camera a filter names in this building, or undefined for all of them. */
export function filteredCameraId(camera: EventCameraFilter, context: Pick<EventSearchContext, 'viewedCameraId' | 'cameraIds'>) {
  if (camera === 'all') return undefined;
  if (camera === 'viewed') return context.viewedCameraId;
  return context.cameraIds.includes(camera) ? camera : undefined;
}

/** Nothing chosen in the Filter panel: the first view of the timeline, not a search. */
export const isUnsearched = (filters: EventFilters): boolean =>
  filters.start === null && filters.end === null && filters.camera === 'all' && filters.classes.length === 0;

/**
 * The timeline's query (§7, §9): the first, unsearched view asks for the newest 250 events; a search (a range, a
 * camera or a class chosen) for up to 1500, since and until, one camera or the whole building.
 */
export function eventSearchQuery(filters: EventFilters, context: EventSearchContext): EventsQuery {
  const cameraId = filteredCameraId(filters.camera, context);
  return {
    domain_uuid: context.domainId,
    ...(cameraId ? { camera_uuid: cameraId } : {}),
    limit: isUnsearched(filters) ? EVENTS.initialLimit : EVENTS.searchLimit,
    since: filters.start ?? formatUtc(new Date(context.now - DEFAULT_LOOKBACK_MS)),
    ...(filters.end ? { until: filters.end } : {}),
  };
}

/** The class filter runs in the browser: the server has no class parameter. */
export function filterByClass<T extends Pick<TimelineEvent, 'eventClass'>>(events: readonly T[], classes: readonly EventClass[]): T[] {
  if (classes.length === 0) return [...events];
  return events.filter((event) => classes.includes(event.eventClass));
}
