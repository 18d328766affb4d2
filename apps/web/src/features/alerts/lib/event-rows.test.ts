import type { EventsReply, VigilEvent } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import { PREFETCH_ROWS, feedRows, formatEventTime, shouldLoadMore, toFeedRow } from './event-rows';

const CAMERA = 'c1a00001-0000-4000-8000-00000000b001';

function event(id: string, startedAt: string, objects: string[] = ['ssd_person']): VigilEvent {
  return {
    id,
    description: `Event ${id}`,
    category: 'Other',
    camera_uuid: CAMERA,
    camera_description: 'Garden Gate Outdoor',
    thumbnail_uri: `/api/v1/media/thumb/${id}`,
    alerted: true,
    info: { started_at: startedAt, objects },
    metrics: { description: '', detections: [] },
  };
}

const page = (events: VigilEvent[], token: string | null): EventsReply => ({ ok: true, data: events, paginationToken: token });

describe('toFeedRow', () => {
  it('drops the ssd_ prefix, lists each object once, and links the clip at the event moment in UTC', () => {
    const row = toFeedRow(event('e1', '2026-03-04T10:20:30Z', ['ssd_person', 'person', 'ssd_car']));
    expect(row.objects).toEqual(['person', 'car']);
    expect(row.clipPath).toBe(`/view/${CAMERA}/2026-03-04T10:20:30Z`);
    expect(row.startedAt).toBe(Date.parse('2026-03-04T10:20:30Z'));
    expect(row.cameraDescription).toBe('Garden Gate Outdoor');
    expect(row.thumbnailUri).toBe('/api/v1/media/thumb/e1');
  });
});

describe('feedRows', () => {
  it('joins the pages in order, newest first, and shows an event that moved across a page boundary once', () => {
    const pages = [
      page([event('e3', '2026-03-04T10:00:03Z'), event('e2', '2026-03-04T10:00:02Z')], 'tok-1'),
      page([event('e2', '2026-03-04T10:00:02Z'), event('e1', '2026-03-04T10:00:01Z')], null),
    ];
    expect(feedRows(pages).map((r) => r.id)).toEqual(['e3', 'e2', 'e1']);
  });

  it('is empty before anything loaded', () => {
    expect(feedRows(undefined)).toEqual([]);
  });
});

describe('shouldLoadMore', () => {
  it(`asks for the next page once the last visible row is within ${PREFETCH_ROWS} rows of the end`, () => {
    expect(shouldLoadMore(100 - PREFETCH_ROWS - 1, 100, true, false)).toBe(false);
    expect(shouldLoadMore(100 - PREFETCH_ROWS, 100, true, false)).toBe(true);
  });
  it('does not ask while a page is loading, when there is none, or before rows are measured', () => {
    expect(shouldLoadMore(99, 100, true, true)).toBe(false);
    expect(shouldLoadMore(99, 100, false, false)).toBe(false);
    expect(shouldLoadMore(undefined, 100, true, false)).toBe(false);
  });
});

describe('formatEventTime', () => {
  const format = { locale: 'en-GB', timeZone: 'Europe/London' };
  const now = Date.parse('2026-03-04T15:00:00Z');
  it('shows only the local time for an event of today', () => {
    expect(formatEventTime(Date.parse('2026-03-04T10:20:30Z'), now, format)).toBe('10:20:30');
  });
  it('adds the day for an older event, in the local time zone', () => {
    expect(formatEventTime(Date.parse('2026-03-03T23:59:00Z'), now, format)).toBe('Tue 3 Mar, 23:59:00');
    expect(formatEventTime(Date.parse('2026-03-04T10:20:30Z'), now, { locale: 'en-GB', timeZone: 'America/New_York' })).toBe('05:20:30');
  });
});
