import { describe, expect, it } from 'vitest';
import { resolveMediaUrl } from './media-url';

describe('resolveMediaUrl', () => {
  it('keeps absolute URLs and puts the API host before server paths', () => {
    expect(resolveMediaUrl('https://cdn.example/clip.mp4', 'https://api.example')).toBe('https://cdn.example/clip.mp4');
    expect(resolveMediaUrl('/media/t/clip.mp4', '')).toBe('/media/t/clip.mp4');
    expect(resolveMediaUrl('/media/t/clip.mp4', 'https://api.example')).toBe('https://api.example/media/t/clip.mp4');
    expect(resolveMediaUrl('{host}/media/x.m3u8', 'https://api.example')).toBe('https://api.example/media/x.m3u8');
  });
  it('puts server paths and {host} on the API host and leaves absolute links alone', () => {
    expect(resolveMediaUrl('/api/v1/media/x.jpg', '')).toBe('/api/v1/media/x.jpg');
    expect(resolveMediaUrl('/api/v1/media/x.jpg', 'https://api.example')).toBe('https://api.example/api/v1/media/x.jpg');
    expect(resolveMediaUrl('{host}/x.jpg', 'https://api.example')).toBe('https://api.example/x.jpg');
    expect(resolveMediaUrl('https://s3.example/bucket/x.jpg?sig=1', 'https://api.example')).toBe('https://s3.example/bucket/x.jpg?sig=1');
  });
});
