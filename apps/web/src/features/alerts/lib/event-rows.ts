import { formatUtc, removeDetectorPrefix, type EventsReply, type VigilEvent } from '@vigil/contract';

/** One row of the alerts feed, ready to show. */
export interface FeedRow {
  id: string;
  description: string;
  category: VigilEvent['category'];
  cameraUuid: string;
  cameraDescription: string;
  thumbnailUri: string | null;
  startedAt: number;
  /** object names without the detector's ssd_ prefix, each once, in order of first sighting */
  objects: string[];
  /** the viewer at the event's moment */
  clipPath: string;
}

export function toFeedRow(event: VigilEvent): FeedRow {
  const startedAt = Date.parse(event.info.started_at);
  return {
    id: event.id,
    description: event.description,
    category: event.category,
    cameraUuid: event.camera_uuid,
    cameraDescription: event.camera_description,
    thumbnailUri: event.thumbnail_uri,
    startedAt,
    objects: [...new Set(event.info.objects.map(removeDetectorPrefix))],
    clipPath: `/view/${event.camera_uuid}/${formatUtc(new Date(startedAt))}`,
  };
}

/** The feed's pages as one list, newest first; an event that slid onto the next page while pages loaded shows once. */
export function feedRows(pages: readonly EventsReply[] | undefined): FeedRow[] {
  const seen = new Set<string>();
  const rows: FeedRow[] = [];
  for (const page of pages ?? []) {
    for (const event of page.data) {
      if (seen.has(event.id)) continue;
      seen.add(event.id);
      rows.push(toFeedRow(event));
    }
  }
  return rows;
}

/** Rows before the end at which the next page is asked for, so scrolling rarely meets the loader. */
export const PREFETCH_ROWS = 20;

/** Whether the visible window is close enough to the end of the loaded rows to fetch the next page. */
export function shouldLoadMore(lastVisibleIndex: number | undefined, rowCount: number, hasNextPage: boolean, fetching: boolean): boolean {
  if (!hasNextPage || fetching || lastVisibleIndex === undefined) return false;
  return lastVisibleIndex >= rowCount - PREFETCH_ROWS;
}

export interface TimeFormat {
  locale?: string;
  timeZone?: string;
}

function dayOf(ms: number, format: TimeFormat): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: format.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
}

/** Local time of an event: the time alone today, with the date otherwise. */
export function formatEventTime(ms: number, now: number, format: TimeFormat = {}): string {
  const time: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit' };
  const options: Intl.DateTimeFormatOptions =
    dayOf(ms, format) === dayOf(now, format) ? time : { ...time, weekday: 'short', day: 'numeric', month: 'short' };
  return new Intl.DateTimeFormat(format.locale, { ...options, timeZone: format.timeZone }).format(ms);
}
