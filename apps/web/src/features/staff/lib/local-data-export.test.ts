import { describe, expect, it } from 'vitest';
import { REDACTED, buildLocalDataExport, readStorageEntries } from './local-data-export';

describe('buildLocalDataExport', () => {
  const now = new Date('2024-03-05T10:20:30.000Z');

  it('names the file by date and keeps every key, sorted', () => {
    const result = buildLocalDataExport(
      [
        ['featureFlags', '{"cameras_page":true}'],
        ['currentDomain', 'd-1'],
      ],
      now,
    );
    expect(result.fileName).toBe('vigil-local-data-2024-03-05.json');
    const parsed = JSON.parse(result.json) as { exportedAt: string; version: string; localStorage: Record<string, string> };
    expect(parsed.exportedAt).toBe('2024-03-05T10:20:30.000Z');
    expect(parsed.version).toBe('3.0.0');
    expect(Object.keys(parsed.localStorage)).toEqual(['currentDomain', 'featureFlags']);
    expect(parsed.localStorage.featureFlags).toBe('{"cameras_page":true}');
  });

  it('never writes the session token into the file', () => {
    const result = buildLocalDataExport([['authToken', 'secret-token-value']], now);
    expect(result.json).not.toContain('secret-token-value');
    expect((JSON.parse(result.json) as { localStorage: Record<string, string> }).localStorage.authToken).toBe(REDACTED);
  });
});

describe('readStorageEntries', () => {
  it('reads every key of a Storage', () => {
    const data = new Map([
      ['a', '1'],
      ['b', '2'],
    ]);
    const storage = { length: data.size, key: (i: number) => [...data.keys()][i] ?? null, getItem: (k: string) => data.get(k) ?? null };
    expect(readStorageEntries(storage)).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);
  });
});
