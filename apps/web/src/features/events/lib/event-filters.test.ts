import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENTS, EVENTS_MESSAGES, type TimelineEvent } from '@vigil/contract';
import {
  DEFAULT_EVENT_FILTERS,
  DEFAULT_LOOKBACK_MS,
  eventFiltersError,
  eventSearchQuery,
  filterByClass,
  isUnsearched,
  loadEventFilters,
  parseEventFilters,
  saveEventFilters,
  type EventFilters,
} from './event-filters';

const DOMAIN = '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01';
const CAM_A = 'c1a00001-0000-4000-8000-00000000a001';
const CAM_B = 'c1a00001-0000-4000-8000-00000000a003';
const NOW = Date.parse('2026-11-22T12:00:00Z');
const context = { domainId: DOMAIN, viewedCameraId: CAM_A, cameraIds: [CAM_A, CAM_B], now: NOW };

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('event filter persistence', () => {
  it('round-trips through localStorage under eventFilters', () => {
    const storage = memoryStorage();
    vi.stubGlobal('window', { localStorage: storage });
    const filters: EventFilters = {
      start: '2026-11-01T08:00:00Z',
      end: '2026-11-02T20:30:00Z',
      camera: CAM_B,
      classes: ['pet', 'vehicle'],
    };
    saveEventFilters(filters);
    expect([...storage.data.keys()]).toEqual(['eventFilters']);
    expect(loadEventFilters()).toEqual(filters);
  });

  it('starts from the defaults when nothing (or something unreadable) is stored', () => {
    const storage = memoryStorage();
    vi.stubGlobal('window', { localStorage: storage });
    expect(loadEventFilters()).toEqual(DEFAULT_EVENT_FILTERS);
    storage.setItem('eventFilters', '{not json');
    expect(loadEventFilters()).toEqual(DEFAULT_EVENT_FILTERS);
  });

  it('keeps the readable fields of a damaged value and drops the rest', () => {
    expect(
      parseEventFilters({ start: 'yesterday-ish', end: '2026-11-02T20:30:00Z', camera: 7, classes: ['pet', 'dragon', 'pet'] }),
    ).toEqual({
      start: null,
      end: '2026-11-02T20:30:00Z',
      camera: 'all',
      classes: ['pet'],
    });
    expect(parseEventFilters([1, 2])).toEqual(DEFAULT_EVENT_FILTERS);
  });
});

describe('eventSearchQuery', () => {
  it('the first, unsearched view asks for the newest 250 events of the last 7 days of the whole building', () => {
    expect(eventSearchQuery(DEFAULT_EVENT_FILTERS, context)).toEqual({
      domain_uuid: DOMAIN,
      limit: 250,
      since: new Date(NOW - DEFAULT_LOOKBACK_MS).toISOString().replace('.000Z', 'Z'),
    });
    expect(EVENTS.initialLimit).toBe(250);
  });

  it('a search (a range, a camera or a class chosen) asks for 1500', () => {
    expect(EVENTS.searchLimit).toBe(1500);
    const searches: EventFilters[] = [
      { ...DEFAULT_EVENT_FILTERS, start: '2026-11-01T08:00:00Z' },
      { ...DEFAULT_EVENT_FILTERS, end: '2026-11-02T20:30:00Z' },
      { ...DEFAULT_EVENT_FILTERS, camera: 'viewed' },
      { ...DEFAULT_EVENT_FILTERS, camera: CAM_B },
      { ...DEFAULT_EVENT_FILTERS, classes: ['pet'] },
    ];
    for (const filters of searches) {
      expect(isUnsearched(filters)).toBe(false);
      expect(eventSearchQuery(filters, context).limit).toBe(1500);
    }
    expect(isUnsearched(DEFAULT_EVENT_FILTERS)).toBe(true);
  });

  it('passes the chosen range and camera; "viewed" follows the camera on screen', () => {
    const filters: EventFilters = { start: '2026-11-01T08:00:00Z', end: '2026-11-02T20:30:00Z', camera: 'viewed', classes: [] };
    expect(eventSearchQuery(filters, context)).toMatchObject({ camera_uuid: CAM_A, since: filters.start, until: filters.end });
    expect(eventSearchQuery({ ...filters, camera: CAM_B }, context).camera_uuid).toBe(CAM_B);
  });

  it('ignores a remembered camera of another building', () => {
    const query = eventSearchQuery({ ...DEFAULT_EVENT_FILTERS, camera: 'c1a00001-0000-4000-8000-00000000b001' }, context);
    expect(query).not.toHaveProperty('camera_uuid');
  });
});

describe('eventFiltersError', () => {
  it('refuses a start after the end with the §5 text', () => {
    expect(eventFiltersError({ start: '2026-11-02T00:00:00Z', end: '2026-11-01T00:00:00Z' })).toBe(EVENTS_MESSAGES.badRange);
    expect(eventFiltersError({ start: '2026-11-01T00:00:00Z', end: '2026-11-01T00:00:00Z' })).toBeNull();
    expect(eventFiltersError({ start: '2026-11-02T00:00:00Z', end: null })).toBeNull();
  });
});

describe('filterByClass', () => {
  const events = (['person', 'pet', 'vehicle', 'box'] as const).map((eventClass) => ({ eventClass }) as Pick<TimelineEvent, 'eventClass'>);
  it('keeps every class when none is chosen, else only the chosen ones', () => {
    expect(filterByClass(events, [])).toHaveLength(4);
    expect(filterByClass(events, ['pet', 'box']).map((e) => e.eventClass)).toEqual(['pet', 'box']);
  });
});
