import { MATCH_FINDER_MESSAGES } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import {
  MATCH_FINDER_FAILED,
  NO_MATCH_FINDER_FILTERS,
  matchFinderErrorText,
  matchFinderFiltersError,
  matchFinderRequest,
  similarityText,
  toggled,
  comparedNote,
} from './match-finder';

const DOMAIN = '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01';
const PERSON = 'f0ce0000-0000-4000-8000-000000000001';
const CAMERA = 'c1a00001-0000-4000-8000-00000000a001';

describe('match finder', () => {
  it('asks for the person, the default 100 results, and only the dates and camera given', () => {
    expect(matchFinderRequest(DOMAIN, PERSON, NO_MATCH_FINDER_FILTERS)).toEqual({
      domain_uuid: DOMAIN,
      frontend_face_uuid: PERSON,
      limit: 100,
    });
    expect(matchFinderRequest(DOMAIN, PERSON, { from: '2026-03-01', to: '', cameraId: CAMERA })).toEqual({
      domain_uuid: DOMAIN,
      frontend_face_uuid: PERSON,
      start: '2026-03-01',
      camera_uuids: [CAMERA],
      limit: 100,
    });
    expect(matchFinderRequest(DOMAIN, PERSON, { from: '', to: '2026-03-04', cameraId: '' })).toEqual({
      domain_uuid: DOMAIN,
      frontend_face_uuid: PERSON,
      end: '2026-03-04',
      limit: 100,
    });
  });

  it('dates are optional YYYY-MM-DD, From not after To', () => {
    expect(matchFinderFiltersError(NO_MATCH_FINDER_FILTERS)).toBeNull();
    expect(matchFinderFiltersError({ from: '2026-03-04', to: '2026-03-04', cameraId: '' })).toBeNull();
    expect(matchFinderFiltersError({ from: '2026-03-05', to: '2026-03-04', cameraId: '' })).toBe("'From' must be on or before 'To'.");
    expect(matchFinderFiltersError({ from: '03/04/2026', to: '', cameraId: '' })).toMatch(/YYYY-MM-DD/);
  });

  it("shows the server's words for a building without a time zone, nothing to compare, or a not-ok reply; else a short line", () => {
    expect(matchFinderErrorText(400, MATCH_FINDER_MESSAGES.noTimezone)).toBe(MATCH_FINDER_MESSAGES.noTimezone);
    expect(matchFinderErrorText(409, MATCH_FINDER_MESSAGES.noSource)).toBe(MATCH_FINDER_MESSAGES.noSource);
    expect(matchFinderErrorText(200, MATCH_FINDER_MESSAGES.noTimezone)).toBe(MATCH_FINDER_MESSAGES.noTimezone);
    expect(matchFinderErrorText(400, 'body/limit must be <= 500')).toBe(MATCH_FINDER_FAILED);
    expect(matchFinderErrorText(500, 'SQLITE_BUSY')).toBe(MATCH_FINDER_FAILED);
    expect(matchFinderErrorText(null, 'TypeError')).toBe(MATCH_FINDER_FAILED);
  });

  it('similarity with two decimals; the note names how many faces were compared', () => {
    expect(similarityText(0.934)).toBe('0.93');
    expect(similarityText(1)).toBe('1.00');
    expect(comparedNote(1_000_000)).toBe('1,000,000 faces of the range compared.');
    expect(comparedNote(1)).toBe('1 face of the range compared.');
  });

  it('toggling adds a face to the selection or takes it out', () => {
    const one = toggled(new Set(), 'a');
    expect([...one]).toEqual(['a']);
    expect([...toggled(one, 'b')]).toEqual(['a', 'b']);
    expect([...toggled(one, 'a')]).toEqual([]);
  });
});
