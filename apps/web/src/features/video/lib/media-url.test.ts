import { describe, expect, it } from 'vitest';
import { resolveMediaUrl } from './media-url';

describe('resolveMediaUrl', () => {
  it('keeps absolute URLs and puts the API host before server paths', () => {
    expect(resolveMediaUrl('https://cdn.example/clip.mp4', 'https://api.example')).toBe('https://cdn.example/clip.mp4');
    expect(resolveMediaUrl('/media/t/clip.mp4', '')).toBe('/media/t/clip.mp4');
    expect(resolveMediaUrl('/media/t/clip.mp4', 'https://api.example')).toBe('https://api.example/media/t/clip.mp4');
    expect(resolveMediaUrl('{host}/media/x.m3u8', 'https://api.example')).toBe('https://api.example/media/x.m3u8');
  });
});
