import { mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EXPORT_MAX_AGE_MS, Exports } from './exports.js';
import { MediaStore } from './media-store.js';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('long-clip exports', () => {
  it('are full once they take the configured bytes, and a sweep removes those older than a day', () => {
    root = mkdtempSync(join(tmpdir(), 'vigil-exports-'));
    const store = new MediaStore(root);
    const exports = new Exports(store, '/usr/bin/ffmpeg', 1000);
    expect(exports.full()).toBe(false);
    const old = join(store.exportsDir(), '11111111-1111-4111-8111-111111111111.mp4');
    writeFileSync(old, Buffer.alloc(1200));
    expect(exports.usedBytes()).toBe(1200);
    expect(exports.full()).toBe(true);
    expect(new Exports(store, '/usr/bin/ffmpeg', 0).full(), 'no cap').toBe(false);

    const now = Date.now();
    const dayAgo = (now - EXPORT_MAX_AGE_MS - 60_000) / 1000;
    utimesSync(old, dayAgo, dayAgo);
    const fresh = join(store.exportsDir(), '22222222-2222-4222-8222-222222222222.mp4');
    writeFileSync(fresh, Buffer.alloc(10));
    exports.sweep(now);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });

  it('knows an export path from any other media path', () => {
    expect(Exports.isExport('exports/22222222-2222-4222-8222-222222222222.mp4')).toBe(true);
    expect(Exports.isExport('clips/c/2026.mp4')).toBe(false);
    expect(Exports.isExport('exports/../clips/x.mp4')).toBe(false);
  });
});
