import { dayKey, describeObjects, mergeDetections, type MergedGroup, type TimelineEvent } from '@vigil/contract';

/** One local calendar day of the events timeline: its merged groups, newest first. */
export interface EventDay {
  /** YYYY-MM-DD in the time zone the days were cut in */
  key: string;
  groups: MergedGroup<TimelineEvent>[];
  /** events in the day, parents and merged ones together */
  count: number;
}

/**
 * §5 and §2: detections of one camera within 300 s merge under a parent, then the groups fall into
 * local days by their parent's time. Days come newest first.
 */
export function groupEventsByDay(events: readonly TimelineEvent[], timeZone?: string): EventDay[] {
  const days: EventDay[] = [];
  for (const group of mergeDetections(events)) {
    const key = dayKey(group.parent.timestamp, timeZone);
    let day = days.at(-1);
    if (!day || day.key !== key) {
      day = { key, groups: [], count: 0 };
      days.push(day);
    }
    day.groups.push(group);
    day.count += 1 + group.children.length;
  }
  return days;
}

const dateLabel = new Intl.DateTimeFormat(undefined, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
const dateLabelWithYear = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Noon UTC of a YYYY-MM-DD key: a calendar date with no time zone left in it. */
const keyToUtcNoon = (key: string): number => Date.parse(`${key}T12:00:00Z`);

/** The day header: 'Today', 'Yesterday', else the weekday and date (with the year when it is not this year). */
export function dayLabel(key: string, now: number, timeZone?: string): string {
  const today = dayKey(now, timeZone);
  if (key === today) return 'Today';
  const yesterday = new Date(keyToUtcNoon(today) - 86_400_000).toISOString().slice(0, 10);
  if (key === yesterday) return 'Yesterday';
  const format = key.slice(0, 4) === today.slice(0, 4) ? dateLabel : dateLabelWithYear;
  return format.format(keyToUtcNoon(key));
}

/** Groups to render first: whole groups up to `limit`, so a long search does not render 1,500 rows at once. */
export function firstGroups(days: readonly EventDay[], limit: number): { days: EventDay[]; shown: number; total: number } {
  const result: EventDay[] = [];
  let shown = 0;
  let total = 0;
  for (const day of days) {
    total += day.groups.length;
    const room = limit - shown;
    if (room <= 0) continue;
    const groups = day.groups.slice(0, room);
    shown += groups.length;
    result.push(groups.length === day.groups.length ? day : { ...day, groups });
  }
  return { days: result, shown, total };
}

/** What a row is called: the event's description without detector prefixes, else one made from its objects. */
export function eventTitle(event: Pick<TimelineEvent, 'title' | 'objects'>): string {
  const title = event.title.replace(/\bssd_/gi, '').trim();
  return title !== '' ? title : describeObjects(event.objects);
}
