import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { FACES } from '@vigil/contract';
import sharp from 'sharp';
import type { MediaStore } from './media-store.js';

/** A photo that cannot be stored; the message is for the person who sent it. */
export class PhotoError extends Error {}

export interface NormalisedPhoto {
  photo: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

const DATA_URL = /^data:([\w/+.-]+);base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** a decoded picture may hold at most this many pixels (a small file can still claim to be a 100,000 x 100,000 image) */
const MAX_INPUT_PIXELS = 50_000_000;

// sharp (libvips) decodes in its own threads: one photo at a time is plenty on a 2-core machine.
sharp.concurrency(1);

/**
 * Decodes a registry photo sent as base64 (or a data: URL), checks that it really is a JPEG or PNG image (by decoding
 * it, not by its name or claimed type), turns it upright (EXIF orientation), and makes the stored JPEG (at most
 * FACES.photoPixels on its longer side) and a thumbnail. Throws PhotoError with a message naming `what`.
 */
export async function normalisePhoto(data: string, what: string): Promise<NormalisedPhoto> {
  const prefix = DATA_URL.exec(data);
  if (prefix && prefix[1] !== 'image/jpeg' && prefix[1] !== 'image/png')
    throw new PhotoError(`${what}: a photo must be a JPEG or PNG image, not ${prefix[1]}.`);
  const body = prefix ? data.slice(prefix[0].length) : data;
  const compact = body.replace(/\s+/g, '');
  if (compact.length === 0 || compact.length % 4 === 1 || !BASE64.test(compact)) throw new PhotoError(`${what}: the photo is not base64.`);
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.length > FACES.maxPhotoBytes)
    throw new PhotoError(
      `${what}: the photo is ${(bytes.length / 1048576).toFixed(1)} MB; photos may be at most ${FACES.maxPhotoBytes / 1048576} MB.`,
    );
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw new PhotoError(`${what}: this is not a JPEG or PNG image.`);
  }
  if (format !== 'jpeg' && format !== 'png')
    throw new PhotoError(`${what}: a photo must be a JPEG or PNG image, not ${format ?? 'this file'}.`);
  try {
    const upright = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const { data: photo, info } = await upright
      .clone()
      .resize({ width: FACES.photoPixels, height: FACES.photoPixels, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 88, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await upright
      .clone()
      .resize({ width: FACES.thumbnailPixels, height: FACES.thumbnailPixels, fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer();
    return { photo, thumbnail, width: info.width, height: info.height };
  } catch {
    throw new PhotoError(`${what}: the image is damaged or cannot be read.`);
  }
}

/** Registry photos in the media folder: people/<person>/<photo>.jpg and <photo>.thumb.jpg. */
export class PhotoFiles {
  constructor(private readonly store: MediaStore) {}

  paths(person: string, photo: string): { file: string; thumbnail: string } {
    return { file: `people/${person}/${photo}.jpg`, thumbnail: `people/${person}/${photo}.thumb.jpg` };
  }

  /** Writes both files (each whole or not at all: a temporary file renamed into place). */
  write(person: string, photo: string, normalised: NormalisedPhoto): { file: string; thumbnail: string } {
    const paths = this.paths(person, photo);
    for (const [rel, bytes] of [
      [paths.file, normalised.photo],
      [paths.thumbnail, normalised.thumbnail],
    ] as const) {
      const absolute = join(this.store.root, rel);
      mkdirSync(dirname(absolute), { recursive: true });
      writeFileSync(`${absolute}.partial`, bytes);
      renameSync(`${absolute}.partial`, absolute);
    }
    return paths;
  }

  remove(...rels: string[]): void {
    for (const rel of rels) {
      const absolute = this.store.resolveInside(rel);
      if (absolute) rmSync(absolute, { force: true });
    }
  }

  /** A deleted person's folder goes whole. */
  removePerson(person: string): void {
    const absolute = this.store.resolveInside(`people/${person}`);
    if (absolute) rmSync(absolute, { recursive: true, force: true });
  }
}
