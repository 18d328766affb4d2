import { mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Exports, exportsHeld, removeExportsBefore } from './exports.js';
import { MediaStore } from './media-store.js';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('long-clip exports', () => {
  it('are full once they take the configured bytes, and retention removes those written before its cutoff', () => {
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
    const dayAgo = Math.floor((now - 86_400_000 - 60_000) / 1000);
    utimesSync(old, dayAgo, dayAgo);
    const fresh = join(store.exportsDir(), '22222222-2222-4222-8222-222222222222.mp4');
    writeFileSync(fresh, Buffer.alloc(10));
    expect(exportsHeld(store)).toEqual({ count: 2, bytes: 1210, oldest: dayAgo * 1000 });
    expect(removeExportsBefore(store, now - 86_400_000)).toBe(1);
    expect(removeExportsBefore(store, now - 86_400_000), 'a second sweep finds nothing').toBe(0);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });

  it('knows an export path from any other media path', () => {
    expect(Exports.isExport('exports/22222222-2222-4222-8222-222222222222.mp4')).toBe(true);
    expect(Exports.isExport('clips/c/2026.mp4')).toBe(false);
    expect(Exports.isExport('exports/../clips/x.mp4')).toBe(false);
  });
});
