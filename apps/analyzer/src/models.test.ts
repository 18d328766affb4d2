import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { PrototypeIndex, scoreFace, trainModel, unit, type TrainingIdentity } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Gallery } from './gallery.js';
import { Models, decode } from './models.js';
import { faceCrop } from './pictures.js';

// Pipeline checks, not accuracy figures: the real models (from node_modules, on the WASM backend, no network) on real
// photographs and video (public domain, CC0 or the package's own licence, from Debian packages: media/SOURCES.md).
const media = (name: string) => readFileSync(join(import.meta.dirname, '../../../media', name));
let models: Models;
let scratch: string;

beforeAll(async () => {
  models = await Models.create();
  scratch = mkdtempSync(join(tmpdir(), 'vigil-analyzer-'));
}, 120_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of a photo as a camera might see it: cropped, scaled, darker or brighter, JPEG-compressed. */
async function augmented(name: string, o: { crop: number; width: number; brightness: number; quality: number; mirror?: boolean }) {
  const image = sharp(media(name));
  const { width = 0, height = 0 } = await image.metadata();
  const inset = Math.round(Math.min(width, height) * o.crop);
  let pipeline = sharp(media(name)).extract({ left: inset, top: Math.round(inset / 2), width: width - 2 * inset, height: height - inset });
  if (o.mirror) pipeline = pipeline.flop();
  return pipeline.resize(o.width).modulate({ brightness: o.brightness }).jpeg({ quality: o.quality }).toBuffer();
}

describe('the models (pipeline checks, not accuracy figures)', () => {
  it('run on the WASM backend and find the one face of each portrait, with box and 1024-number embedding', async () => {
    expect(models.backend).toBe('wasm');
    for (const name of ['grace_hopper_512x512.jpg', 'astronaut.png']) {
      const faces = await models.detect(media(name));
      expect(faces, name).toHaveLength(1);
      const [face] = faces;
      expect(face!.confidence).toBeGreaterThan(0.8);
      expect(face!.embedding).toHaveLength(1024);
      expect(face!.box.x + face!.box.w).toBeLessThan(0.95);
      expect(face!.box.y).toBeLessThan(0.5);
    }
  });

  it('find no face in a picture of a cat', async () => {
    expect(await models.detect(media('chelsea.png'))).toEqual([]);
  });

  it('match an augmented copy of a portrait to its person and not to another', async () => {
    const [hopper] = await models.detect(media('grace_hopper_512x512.jpg'));
    const [collins] = await models.detect(media('astronaut.png'));
    const gallery = new Gallery();
    gallery.set('hopper', [hopper!.embedding]);
    gallery.set('collins', [collins!.embedding]);
    const copies = [
      { name: 'grace_hopper_512x512.jpg', person: 'hopper', o: { crop: 0.08, width: 220, brightness: 0.7, quality: 40, mirror: true } },
      { name: 'grace_hopper_512x512.jpg', person: 'hopper', o: { crop: 0.15, width: 300, brightness: 1.25, quality: 60 } },
      { name: 'astronaut.png', person: 'collins', o: { crop: 0.1, width: 260, brightness: 0.8, quality: 50, mirror: true } },
    ];
    for (const copy of copies) {
      const faces = await models.detect(await augmented(copy.name, copy.o));
      expect(faces, `${copy.name} ${JSON.stringify(copy.o)}`).toHaveLength(1);
      const [best, other] = gallery.match(faces[0]!.embedding);
      expect(best!.personId).toBe(copy.person);
      expect(best!.similarity - other!.similarity).toBeGreaterThan(0.2);
    }
  });

  it('find people and a vehicle in a frame of the street video, and no pet', async () => {
    const png = join(scratch, 'vtest.png');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-ss',
      '20',
      '-i',
      join(import.meta.dirname, '../../../media/vtest.avi'),
      '-frames:v',
      '1',
      png,
    ]);
    const objects = await models.objects(readFileSync(png));
    const labels = objects.map((o) => o.label);
    expect(labels.filter((l) => l === 'person').length).toBeGreaterThanOrEqual(3);
    expect(labels.some((l) => l === 'car' || l === 'truck')).toBe(true);
    expect(labels).not.toContain('dog');
    for (const o of objects) expect(o.box.x + o.box.w).toBeLessThanOrEqual(1);
  });

  it('cut a face crop as a small JPEG around the face', async () => {
    const frame = await decode(media('grace_hopper_512x512.jpg'));
    const [face] = (await models.analyse(frame, { objects: false })).faces;
    const crop = await faceCrop(frame, face!.box);
    const meta = await sharp(crop).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(160);
    expect(crop.length).toBeLessThan(30_000);
  });
});

describe('a model trained on the real embeddings (pipeline checks, not accuracy figures)', () => {
  /** Twelve ways a camera might see a portrait: crops, sizes, light, compression, mirrored or not. */
  const variants = Array.from({ length: 12 }, (_, i) => ({
    crop: 0.02 + (i % 4) * 0.03,
    width: 140 + (i % 5) * 40,
    brightness: 0.7 + (i % 6) * 0.1,
    quality: 55 + (i % 3) * 15,
    mirror: i % 2 === 1,
  }));
  async function identity(id: string, name: string): Promise<TrainingIdentity> {
    const tags: TrainingIdentity['tags'] = [];
    for (const [i, variant] of variants.entries()) {
      const [face] = await models.detect(await augmented(name, variant));
      if (face) tags.push({ id: `${id}-${i}`, vector: face.embedding });
    }
    return { id, photos: [(await models.detect(media(name)))[0]!.embedding], tags };
  }
  const gallery = (model: { prototypes: { identity: string; vector: Float32Array }[] }, people: TrainingIdentity[]) =>
    new PrototypeIndex([
      ...model.prototypes,
      ...people.flatMap((p) => p.photos.map((photo) => ({ identity: p.id, vector: unit(photo)! }))),
    ]);

  it('names the held-out camera-like copies of the two portraits, and a model without Eileen does not name her', async () => {
    const grace = await identity('grace', 'grace_hopper_512x512.jpg');
    const eileen = await identity('eileen', 'astronaut.png');
    expect(grace.tags.length).toBeGreaterThanOrEqual(10);
    expect(eileen.tags.length).toBeGreaterThanOrEqual(10);
    const model = await trainModel({ seed: 1, identities: [grace, eileen], negatives: [] });
    expect(model.heldOut.length).toBeGreaterThanOrEqual(4);
    expect(model.top1).toBe(1);
    const both = gallery(model, [grace, eileen]);
    const faces = new Map([...grace.tags, ...eileen.tags].map((t) => [t.id, t.vector]));
    for (const id of model.heldOut) {
      const score = scoreFace(both, model.calibration, unit(faces.get(id)!)!)!;
      expect(score.id, id).toBe(id.split('-')[0]);
      expect(score.confidence, id).toBeGreaterThanOrEqual(model.calibration.threshold);
    }
    // Eileen is a stranger to a building that knows only Grace: never named.
    const alone = await trainModel({ seed: 1, identities: [grace], negatives: [] });
    const graceOnly = gallery(alone, [grace]);
    for (const tag of eileen.tags)
      expect(scoreFace(graceOnly, alone.calibration, unit(tag.vector)!)!.confidence, tag.id).toBeLessThan(alone.calibration.threshold);
  }, 120_000);
});
