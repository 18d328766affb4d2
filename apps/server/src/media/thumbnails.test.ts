import { describe, expect, it } from 'vitest';
import { newestLiveSegment } from './thumbnails.js';

describe('newestLiveSegment', () => {
  it('is the last segment the playlist lists, past its tags', () => {
    const playlist = '#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.000,\nseg4.ts\n#EXTINF:1.000,\nseg5.ts\n\n';
    expect(newestLiveSegment(playlist)).toBe('seg5.ts');
  });

  it('is null for a playlist with no segment yet', () => {
    expect(newestLiveSegment('#EXTM3U\n#EXT-X-TARGETDURATION:1\n')).toBeNull();
  });
});
