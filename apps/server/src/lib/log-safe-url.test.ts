import { describe, expect, it } from 'vitest';
import { logSafeUrl } from './log-safe-url.js';

describe('logSafeUrl', () => {
  it('drops the signature of media links and every query', () => {
    expect(logSafeUrl('/media/1764000000.Zm9vYmFyc2ln/clips/c1/2026.mp4')).toBe('/media/…/clips/c1/2026.mp4');
    expect(logSafeUrl('/socket.io/?token=GJtO-secret&EIO=4&transport=polling')).toBe('/socket.io/?…');
    expect(logSafeUrl('/api/events/v1/alerts?domain_uuid=x')).toBe('/api/events/v1/alerts?…');
    expect(logSafeUrl('/api/v1/config')).toBe('/api/v1/config');
  });

  it("drops the lease of a viewer's or an analyzer's live video", () => {
    expect(logSafeUrl('/media/live/GJtOsecretlease12345678/c1a00001-0000-4000-8000-00000000a001/seg3.ts')).toBe(
      '/media/live/…/c1a00001-0000-4000-8000-00000000a001/seg3.ts',
    );
    expect(logSafeUrl('/media/analyzer/0b9d7c1e-1111-4222-8333-444455556666.Zm9vYmFyc2lnbmF0dXJlMTIzNDU2Nzg5MDEy/c1/index.m3u8')).toBe(
      '/media/analyzer/…/c1/index.m3u8',
    );
  });
});
