import { applyTemplateRules, initialEntry, tokenizedFields } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import {
  CAMERA_PROFILES,
  HIKVISION_FIELDS,
  OTHER_FIELDS,
  PROFILE_FIELDS,
  PROFILE_RULES,
  hikvisionRecords,
  otherRecords,
  uploadRecords,
} from './camera-profiles';

const DOMAIN = '0b7f4a8e-2c1d-4e5f-9a6b-3c2d1e0f9a8b';

describe('Hikvision profile', () => {
  it('has the spec defaults', () => {
    expect(initialEntry(HIKVISION_FIELDS)).toMatchObject({ name: 'New Camera', username: 'admin', port: '', stream: ['1'] });
    expect(HIKVISION_FIELDS.find((f) => f.identifier === 'port')?.placeholder).toBe('554');
  });

  it('makes one record per selected stream with the channel path', () => {
    const entry = { ...initialEntry(HIKVISION_FIELDS), hostname: '10.0.0.5', password: 'pw', channel: '3', stream: ['1', '2'] };
    const result = hikvisionRecords(entry, DOMAIN);
    expect(result).toEqual({
      ok: true,
      records: [
        {
          name: 'New Camera (High Resolution)',
          domainUUID: DOMAIN,
          protocol: 'rtsp',
          host: '10.0.0.5',
          port: 554,
          path: '/Streaming/Channels/301',
          username: 'admin',
          password: 'pw',
        },
        expect.objectContaining({ name: 'New Camera (Low Resolution)', path: '/Streaming/Channels/302' }),
      ],
    });
  });

  it('refuses a channel or port that is not a number', () => {
    const entry = { ...initialEntry(HIKVISION_FIELDS), hostname: 'cam', channel: 'x' };
    expect(hikvisionRecords(entry, DOMAIN).ok).toBe(false);
    expect(hikvisionRecords({ ...entry, channel: '1', port: '99999' }, DOMAIN).ok).toBe(false);
  });

  it('duplicates with increasing channels through the template rules', () => {
    const entry = { ...initialEntry(HIKVISION_FIELDS), name: 'Door {n}', hostname: 'nvr.local' };
    const increment = PROFILE_RULES.Hikvision.find((rule) => rule.type === 'Increment Values')!;
    const entries = applyTemplateRules(entry, [{ type: 'Duplicate', times: 3 }, increment]);
    const result = uploadRecords('Hikvision', entries, DOMAIN);
    expect(result.ok && result.records.map((r) => [r.name, r.path])).toEqual([
      ['Door 1', '/Streaming/Channels/101'],
      ['Door 2', '/Streaming/Channels/201'],
      ['Door 3', '/Streaming/Channels/301'],
    ]);
  });
});

describe('Other profile', () => {
  it('splits the URL into the record', () => {
    const entry = { ...initialEntry(OTHER_FIELDS), url: 'rtsp://jo:s%40cret@192.168.1.9:8554/live/main' };
    expect(otherRecords(entry, DOMAIN)).toEqual({
      ok: true,
      records: [
        {
          name: 'New Camera',
          domainUUID: DOMAIN,
          protocol: 'rtsp',
          host: '192.168.1.9',
          port: 8554,
          path: '/live/main',
          username: 'jo',
          password: 's@cret',
        },
      ],
    });
  });

  it('refuses anything but an RTSP URL', () => {
    expect(otherRecords({ name: 'x', url: 'http://cam/x' }, DOMAIN).ok).toBe(false);
  });

  it('caps one upload at 64 cameras', () => {
    const entries = Array.from({ length: 65 }, () => ({ name: 'x', url: 'rtsp://cam/x' }));
    expect(uploadRecords('Other', entries, DOMAIN).ok).toBe(false);
  });
});

describe("fields that take the 'Increment Values' token (tokenizers)", () => {
  it('are the names, addresses and channels, and hold every field the default rules count up', () => {
    expect(tokenizedFields(HIKVISION_FIELDS)).toEqual(['name', 'hostname', 'channel']);
    expect(tokenizedFields(OTHER_FIELDS)).toEqual(['name', 'url']);
    for (const profile of CAMERA_PROFILES) {
      for (const rule of PROFILE_RULES[profile])
        if (rule.type === 'Increment Values')
          expect(tokenizedFields(PROFILE_FIELDS[profile])).toEqual(expect.arrayContaining([...rule.fields]));
    }
  });
});
