import { describe, expect, it } from 'vitest';
import { faceFixture, photoFixture } from './face.fixture';
import { confidenceColor, confidenceText, historyViewerPath, visibleHistory } from './face-history';
import { faceTags, initials, roleTag, thumbnailOf } from './face-labels';
import { busiestHour, historyHistogram } from './history-histogram';

describe('face details tags (part 2 §2)', () => {
  it('shows Resident, Elopement Risk, Room, Unit, Bed and Wing for a resident with all of them', () => {
    const face = faceFixture('1', { elopement_risk: true, room: '112', unit: '4B', bed: 'A', wing: 'North' });
    expect(faceTags(face).map((t) => t.label)).toEqual(['Resident', 'Elopement Risk', 'Room 112', 'Unit 4B', 'Bed A', 'Wing North']);
  });

  it('shows Staff and the job for an employee, and the role by name for others', () => {
    expect(faceTags(faceFixture('2', { role: 'employee', employee_role: 'nurse' })).map((t) => t.label)).toEqual(['Staff', 'Nurse']);
    expect(faceTags(faceFixture('3', { role: 'employee' })).map((t) => t.label)).toEqual(['Staff']);
    expect(faceTags(faceFixture('4', { role: 'regular_visitor' })).map((t) => t.label)).toEqual(['Regular Visitor']);
    expect(roleTag({ role: 'employee' })).toBe('Staff');
    expect(roleTag({ role: 'outside_employee' })).toBe('Outside Employee');
  });

  it('makes initials and picks the front thumbnail', () => {
    expect(initials('Margaret Ann Hill')).toBe('MH');
    expect(initials(' cher ')).toBe('C');
    expect(initials('')).toBe('');
    const side = photoFixture('5', 'side');
    const front = photoFixture('5', 'front');
    expect(thumbnailOf({ images: [side, front] })).toBe(front.thumbnail_uri);
    expect(thumbnailOf({ images: [side] })).toBe(side.thumbnail_uri);
    expect(thumbnailOf({ images: [] })).toBeNull();
  });
});

describe('history helpers', () => {
  it('links an entry to the viewer at its camera and whole UTC second', () => {
    expect(historyViewerPath({ camera_uuid: 'c1', captured_at: '2026-03-04T05:06:07Z' })).toBe('/view/c1/2026-03-04T05:06:07Z');
    expect(historyViewerPath({ camera_uuid: 'c1', captured_at: '2026-03-04T05:06:07.890Z' })).toBe('/view/c1/2026-03-04T05:06:07Z');
  });

  it('shows the first ten until Show All', () => {
    const entries = Array.from({ length: 25 }, (_, i) => i);
    expect(visibleHistory(entries, false)).toEqual(entries.slice(0, 10));
    expect(visibleHistory(entries, true)).toHaveLength(25);
  });

  it('formats confidences with two decimals and no leading zero, coloured by 0.90 and the threshold (part 2 §5)', () => {
    expect(confidenceText(0.934)).toBe('.93');
    expect(confidenceText(0.999)).toBe('1');
    expect(confidenceText(1)).toBe('1');
    expect(confidenceText(0.05)).toBe('.05');
    expect(confidenceColor(0.89)).toBe('red');
    expect(confidenceColor(0.95)).toBe('yellow');
    expect(confidenceColor(0.98)).toBe('green');
  });
});

describe('history histogram (compact, or per camera with view_expanded_histogram)', () => {
  const utcHour = (ms: number) => new Date(ms).getUTCHours();
  const entries = [
    { captured_at: '2026-03-04T14:10:00Z', mergeCount: 2, camera_description: 'Dining Room' },
    { captured_at: '2026-03-04T14:50:00Z', mergeCount: 1, camera_description: 'Front Entrance Outdoor' },
    { captured_at: '2026-03-05T08:00:00Z', mergeCount: 1, camera_description: 'Front Entrance Outdoor' },
    { captured_at: '2026-03-05T09:00:00Z', mergeCount: 1, camera_description: 'Front Entrance Outdoor' },
  ];

  it('counts merged detections by hour of the day in one row', () => {
    const [row, ...rest] = historyHistogram(entries, false, utcHour);
    expect(rest).toEqual([]);
    expect(row?.label).toBe('All cameras');
    expect(row?.counts[14]).toBe(3);
    expect(row?.counts[8]).toBe(1);
    expect(row?.total).toBe(5);
    expect(busiestHour(row!)).toBe('14:00 (3)');
  });

  it('splits by camera, the busiest camera first, when expanded', () => {
    const rows = historyHistogram(entries, true, utcHour);
    expect(rows.map((r) => [r.label, r.total])).toEqual([
      ['Front Entrance Outdoor', 3],
      ['Dining Room', 2],
    ]);
    expect(rows[1]?.counts[14]).toBe(2);
  });
});
