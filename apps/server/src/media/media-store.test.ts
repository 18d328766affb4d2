import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, sep } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MediaStore, fsyncPath } from './media-store.js';

const CAMERA = '3f2c8a4e-9b1d-4c7e-8f00-123456789abc';

describe('MediaStore', () => {
  let dir: string;
  let store: MediaStore;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'vigil-media-'));
    store = new MediaStore(join(dir, 'media'));
  });

  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates clips, live, thumbs and exports under an absolute root', () => {
    expect(store.root).toBe(join(dir, 'media'));
    for (const sub of ['clips', 'live', 'thumbs', 'exports']) {
      expect(statSync(join(store.root, sub)).isDirectory(), sub).toBe(true);
    }
    expect(isAbsolute(new MediaStore(join(dir, 'media', '..', 'other')).root)).toBe(true);
    expect(existsSync(join(dir, 'other', 'clips'))).toBe(true);
  });

  it('creates per-camera clip and live folders on demand', () => {
    expect(store.clipDir(CAMERA)).toBe(join(store.root, 'clips', CAMERA));
    expect(statSync(join(store.root, 'clips', CAMERA)).isDirectory()).toBe(true);
    expect(store.liveDir(CAMERA)).toBe(join(store.root, 'live', CAMERA));
    expect(statSync(join(store.root, 'live', CAMERA)).isDirectory()).toBe(true);
    expect(store.thumbnail(CAMERA)).toBe(join(store.root, 'thumbs', `${CAMERA}.jpg`));
    expect(store.exportsDir()).toBe(join(store.root, 'exports'));
  });

  it('resolves a relative media path to an absolute path inside the root', () => {
    const absolute = store.resolveInside('clips/x/y.mp4');
    expect(absolute).toBe(join(store.root, 'clips', 'x', 'y.mp4'));
    expect(isAbsolute(absolute!)).toBe(true);
    expect(absolute!.startsWith(store.root + sep)).toBe(true);
    expect(store.resolveInside('clips/x/../z/y.mp4')).toBe(join(store.root, 'clips', 'z', 'y.mp4'));
  });

  it('refuses paths that leave the root, absolute paths and NUL bytes', () => {
    for (const rel of [
      '..',
      '../',
      '../media/clips/x.mp4',
      '../other/secret',
      'a/../../b',
      'clips/../../b',
      'clips/x/../../../etc/passwd',
      '/etc/passwd',
      join(store.root, 'clips', 'x.mp4'),
      'clips/x\0.mp4',
      '\0',
      '',
      '.',
      'clips/..',
    ]) {
      expect(store.resolveInside(rel), JSON.stringify(rel)).toBeNull();
    }
  });

  it('relative() inverts resolveInside with forward slashes', () => {
    for (const rel of ['clips/x/y.mp4', 'thumbs/cam.jpg', 'exports/long clip.mp4', `live/${CAMERA}/index.m3u8`]) {
      expect(store.relative(store.resolveInside(rel)!)).toBe(rel);
    }
    expect(store.relative(join(store.clipDir(CAMERA), '20261122T053448330Z.mp4'))).toBe(`clips/${CAMERA}/20261122T053448330Z.mp4`);
  });
});

describe('fsyncPath', () => {
  it('flushes a folder without error and throws for a missing path', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vigil-fsync-'));
    try {
      expect(() => fsyncPath(dir)).not.toThrow();
      expect(() => fsyncPath(join(dir, 'missing'))).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
