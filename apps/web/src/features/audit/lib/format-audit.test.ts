import { describe, expect, it } from 'vitest';
import { auditCameraText, auditCsvFileName, auditDetailPairs, auditPersonText, formatAuditTime } from './format-audit';

describe('auditDetailPairs', () => {
  it('turns a detail into "key: value" pairs in words', () => {
    expect(auditDetailPairs({ flag: 'alerts_tab', value: null, scope: 'this browser' })).toEqual([
      { key: 'flag', value: 'alerts_tab' },
      { key: 'value', value: 'none' },
      { key: 'scope', value: 'this browser' },
    ]);
    expect(auditDetailPairs({ consent_given: true, withdrawn: false, photo_count: 3 })).toEqual([
      { key: 'consent given', value: 'yes' },
      { key: 'withdrawn', value: 'no' },
      { key: 'photo count', value: '3' },
    ]);
  });

  it('shows an instant in local time, like the time column', () => {
    const iso = '2026-03-04T08:15:30.000Z';
    expect(auditDetailPairs({ start: iso })).toEqual([{ key: 'start', value: formatAuditTime(iso) }]);
    expect(auditDetailPairs({ day: '2026-03-04' })).toEqual([{ key: 'day', value: '2026-03-04' }]);
  });

  it('is empty for an empty detail', () => {
    expect(auditDetailPairs({})).toEqual([]);
  });
});

describe('person and camera texts', () => {
  it('names the system when nobody signed in acted', () => {
    expect(auditPersonText({ user_email: 'nurse@maple.example' })).toBe('nurse@maple.example');
    expect(auditPersonText({ user_email: null })).toBe('System');
  });

  it('names a camera, or says it was removed', () => {
    expect(auditCameraText({ camera_uuid: 'c1', camera_name: 'Front Door' })).toBe('Front Door');
    expect(auditCameraText({ camera_uuid: '0b7c4a8e-1f2d-4e3a-8b5c-6d7e8f9a0b1c', camera_name: null })).toBe('Removed camera (0b7c4a8e)');
    expect(auditCameraText({ camera_uuid: null, camera_name: null })).toBeNull();
  });
});

describe('auditCsvFileName', () => {
  it("holds the building's name made safe and the local day", () => {
    expect(auditCsvFileName('Maple Court', new Date(2026, 2, 4, 23, 59))).toBe('vigil-audit-maple-court-2026-03-04.csv');
    expect(auditCsvFileName("  Ste-Thérèse / St. Mary's ", new Date(2026, 0, 9))).toBe('vigil-audit-ste-therese-st-mary-s-2026-01-09.csv');
    expect(auditCsvFileName(undefined, new Date(2026, 0, 9))).toBe('vigil-audit-building-2026-01-09.csv');
  });
});
