import type { Detector } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import { grantablePurposes, keyMakerText, lastUsedText, missingForPurpose, purposeScopeText, sortKeys } from './key-view';

const key = (id: string, created_at: string, revoked_at: string | null = null): Detector => ({
  id,
  domain_uuid: '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01',
  name: id,
  key_prefix: 'vgd_abcd',
  purposes: ['detector'],
  purposes_origin: 'chosen',
  deployment: false,
  created_by: null,
  created_at,
  last_used_at: null,
  revoked_at,
});

describe('machine key view rules', () => {
  it('a purpose needs the operations the contract names beside alerting/edit', () => {
    expect(missingForPurpose({ alerting: ['edit'] }, 'detector')).toEqual([]);
    expect(missingForPurpose({ alerting: ['edit'] }, 'analyzer')).toEqual(['faces/find_all']);
    expect(missingForPurpose({ alerting: ['edit'], keycard: ['view_all'] }, 'access_control')).toEqual(['keycard/edit']);
    expect(missingForPurpose({ alerting: ['edit'], keycard: ['edit'] }, 'access_control')).toEqual([]);
    expect(grantablePurposes({ alerting: ['edit'], faces: ['find_all'] }).map((p) => [p.purpose, p.missing])).toEqual([
      ['analyzer', []],
      ['detector', []],
      ['access_control', ['keycard/edit']],
    ]);
  });

  it('keys in use come first, newest first, then revoked ones', () => {
    const sorted = sortKeys([
      key('old', '2026-03-01T09:00:00.000Z'),
      key('revoked-new', '2026-03-05T09:00:00.000Z', '2026-03-06T09:00:00.000Z'),
      key('new', '2026-03-04T09:00:00.000Z'),
      key('revoked-old', '2026-02-01T09:00:00.000Z', '2026-03-06T09:00:00.000Z'),
    ]);
    expect(sorted.map((k) => k.id)).toEqual(['new', 'old', 'revoked-new', 'revoked-old']);
  });

  it('says who made a key and when it was last used', () => {
    expect(keyMakerText({ created_by: 'manager@maple.example' })).toBe('manager@maple.example');
    expect(keyMakerText({ created_by: null })).toBe('On the server');
    expect(lastUsedText({ last_used_at: null })).toBe('Never');
    expect(purposeScopeText('detector')).toBe('Sends detections and events only.');
  });
});
