import { describe, expect, it } from 'vitest';
import { logSafeUrl } from './log-safe-url.js';

describe('logSafeUrl', () => {
  it('drops the signature of media links and every query', () => {
    expect(logSafeUrl('/media/1764000000.Zm9vYmFyc2ln/clips/c1/2026.mp4')).toBe('/media/…/clips/c1/2026.mp4');
    expect(logSafeUrl('/socket.io/?token=GJtO-secret&EIO=4&transport=polling')).toBe('/socket.io/?…');
    expect(logSafeUrl('/api/events/v1/alerts?domain_uuid=x')).toBe('/api/events/v1/alerts?…');
    expect(logSafeUrl('/api/v1/config')).toBe('/api/v1/config');
  });
});
