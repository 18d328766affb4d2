import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MediaStore } from './media-store.js';
import { PictureFolder, pictureOwner } from './picture-folder.js';

// The picture files the orphan-picture sweep looks at: what each path belongs to, the listing, and a delete that
// never takes a file written again since it was looked at.

const ID = '0a1b2c3d-0000-4000-8000-00000000abcd';
const PERSON = 'f0ce0001-0000-4000-8000-00000000a001';
const root = mkdtempSync(join(tmpdir(), 'vigil-picture-folder-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const store = new MediaStore(root);
const folder = new PictureFolder(store);
const write = (rel: string, text = 'x') => {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
};

describe('what a picture file belongs to', () => {
  it('names the row of frames and photos by their ids, a write cut short as partial, and anything else not', () => {
    expect(pictureOwner(`frames/poster/${ID}.jpg`)).toEqual({ of: 'detection', id: ID });
    expect(pictureOwner(`frames/shapes-clahe/${ID}.jpg`)).toEqual({ of: 'detection', id: ID });
    expect(pictureOwner(`frames/event/${ID}.jpg`)).toEqual({ of: 'event', id: ID });
    expect(pictureOwner(`frames/face/${ID}.31337.part.jpg`)).toEqual({ of: 'partial' });
    expect(pictureOwner(`people/${PERSON}/${ID}.jpg`)).toEqual({ of: 'photo', id: ID });
    expect(pictureOwner(`people/${PERSON}/${ID}.thumb.jpg`)).toEqual({ of: 'photo', id: ID });
    expect(pictureOwner(`people/${PERSON}/${ID}.thumb.jpg.partial`)).toEqual({ of: 'partial' });
    for (const other of [
      `frames/poster/${ID}.png`,
      `frames/other/${ID}.jpg`,
      `clips/${ID}/1.mp4`,
      `people/${PERSON}/notes.jpg`,
      `thumbs/${ID}.jpg`,
    ])
      expect(pictureOwner(other)).toBeNull();
  });
});

describe('the media folder’s picture files', () => {
  it('lists frames of every kind and every person’s photos, and nothing else', async () => {
    write(`frames/poster/${ID}.jpg`);
    write(`frames/event/${ID}.jpg`);
    write(`people/${PERSON}/${ID}.jpg`);
    write(`clips/${PERSON}/0.mp4`);
    const listed = [];
    for await (const rel of folder.paths()) listed.push(rel);
    expect(listed.sort()).toEqual([`frames/event/${ID}.jpg`, `frames/poster/${ID}.jpg`, `people/${PERSON}/${ID}.jpg`]);
  });

  it('deletes a file only while it is the one looked at: one written again since stays', async () => {
    const rel = `frames/face/${ID}.jpg`;
    write(rel, 'old');
    const seen = (await folder.seen(rel))!;
    // Written again as frames.ts writes: a whole new file renamed into place.
    write(`${rel}.new`, 'new');
    renameSync(join(root, `${rel}.new`), join(root, rel));
    expect(await folder.removeIfUnchanged(rel, seen)).toBe(false);
    expect(store.exists(rel)).toBe(true);
    expect(await folder.removeIfUnchanged(rel, (await folder.seen(rel))!)).toBe(true);
    expect(store.exists(rel)).toBe(false);
    expect(await folder.seen(rel)).toBeUndefined();
    expect(await folder.removeIfUnchanged(rel, seen)).toBe(false);
  });
});
