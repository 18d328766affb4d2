import { describe, expect, it } from 'vitest';
import { toTimelineEvent, type VigilEvent } from '@vigil/contract';
import { dayLabel, eventTitle, firstGroups, groupEventsByDay } from './event-groups';

const CAM_A = 'c1a00001-0000-4000-8000-00000000a001';
const CAM_B = 'c1a00001-0000-4000-8000-00000000a003';
let serial = 0;

function event(cameraId: string, startedAt: string, objects: string[] = ['person'], description = 'Person detected') {
  serial += 1;
  const raw: VigilEvent = {
    id: `e${serial}`,
    description,
    category: 'Other',
    camera_uuid: cameraId,
    camera_description: cameraId === CAM_A ? 'Front Entrance Outdoor' : 'Hallway Floor 1 East',
    thumbnail_uri: null,
    alerted: false,
    info: { started_at: startedAt, objects },
    metrics: { description: '', detections: objects.map((name) => ({ name, confidence: 0.9 })) },
  };
  return toTimelineEvent(raw);
}

describe('groupEventsByDay', () => {
  const events = [
    event(CAM_A, '2026-11-21T10:00:00Z'),
    event(CAM_A, '2026-11-21T10:04:00Z'),
    event(CAM_A, '2026-11-21T10:08:30Z'),
    event(CAM_B, '2026-11-21T10:05:00Z'),
    event(CAM_A, '2026-11-21T23:30:00Z'),
    event(CAM_A, '2026-11-19T09:00:00Z'),
  ];

  it('merges one camera within 300 s under the newest, and cuts days newest first', () => {
    const days = groupEventsByDay(events, 'UTC');
    expect(days.map((d) => d.key)).toEqual(['2026-11-21', '2026-11-19']);
    const [first] = days;
    expect(first!.count).toBe(5);
    expect(first!.groups.map((g) => [g.parent.timestamp, g.children.length])).toEqual([
      [Date.parse('2026-11-21T23:30:00Z'), 0],
      [Date.parse('2026-11-21T10:08:30Z'), 2],
      [Date.parse('2026-11-21T10:05:00Z'), 0],
    ]);
  });

  it('cuts days in the local time zone', () => {
    // 23:30 UTC is already the 22nd in Berlin; 09:00 UTC on the 19th stays the 19th.
    expect(groupEventsByDay(events, 'Europe/Berlin').map((d) => d.key)).toEqual(['2026-11-22', '2026-11-21', '2026-11-19']);
  });

  it('is empty for no events', () => {
    expect(groupEventsByDay([], 'UTC')).toEqual([]);
  });
});

describe('dayLabel', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('says Today and Yesterday, and the date otherwise', () => {
    expect(dayLabel('2026-11-22', now, 'UTC')).toBe('Today');
    expect(dayLabel('2026-11-21', now, 'UTC')).toBe('Yesterday');
    expect(dayLabel('2026-11-19', now, 'UTC')).toMatch(/Thursday.*November.*19|19.*November/);
    expect(dayLabel('2025-12-31', now, 'UTC')).toMatch(/2025/);
  });
});

describe('firstGroups', () => {
  it('renders whole groups up to the limit and counts the rest', () => {
    const events = Array.from({ length: 5 }, (_, i) => event(CAM_A, `2026-11-${String(17 + i).padStart(2, '0')}T10:00:00Z`));
    const days = groupEventsByDay(events, 'UTC');
    const page = firstGroups(days, 3);
    expect(page.shown).toBe(3);
    expect(page.total).toBe(5);
    expect(page.days.map((d) => d.key)).toEqual(['2026-11-21', '2026-11-20', '2026-11-19']);
  });
});

describe('eventTitle', () => {
  it('drops detector prefixes, and makes a title from the objects when there is none', () => {
    expect(eventTitle({ title: 'ssd_pet at the gate', objects: ['pet'] })).toBe('pet at the gate');
    expect(eventTitle({ title: '', objects: ['person', 'person', 'car'] })).toBe('2 persons and car detected');
  });
});
