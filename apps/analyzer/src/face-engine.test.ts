import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { FaceEngine } from './face-engine.js';
import { Gallery } from './gallery.js';

// Real recognition on real photographs (public domain or CC0, from Debian packages: media/SOURCES.md), with the models
// from node_modules on the WASM backend and no network.
const media = (name: string) => readFileSync(join(import.meta.dirname, '../../../media', name));
let engine: FaceEngine;

beforeAll(async () => {
  engine = await FaceEngine.create();
}, 120_000);

describe('the face engine', () => {
  it('runs on the WASM backend and finds the one face of a portrait, with its box and a 1024-number embedding', async () => {
    expect(engine.backend).toBe('wasm');
    const faces = await engine.detect(media('grace_hopper_512x512.jpg'));
    expect(faces).toHaveLength(1);
    const [face] = faces;
    expect(face!.confidence).toBeGreaterThan(0.8);
    expect(face!.embedding).toHaveLength(1024);
    // The face is in the upper middle of the portrait.
    expect(face!.box.x).toBeGreaterThan(0.1);
    expect(face!.box.x + face!.box.w).toBeLessThan(0.9);
    expect(face!.box.y).toBeLessThan(0.4);
  });

  it('finds no face in a picture of a cat', async () => {
    expect(await engine.detect(media('chelsea.png'))).toEqual([]);
  });

  it('matches a person seen again (mirrored, smaller, darker) to their own photo before anyone else', async () => {
    const [hopper] = await engine.detect(media('grace_hopper_512x512.jpg'));
    const [collins] = await engine.detect(media('astronaut.png'));
    expect(collins).toBeDefined();
    const gallery = new Gallery();
    gallery.set('hopper', [hopper!.embedding]);
    gallery.set('collins', [collins!.embedding]);
    const seenAgain = await sharp(media('grace_hopper_512x512.jpg')).flop().resize(320).modulate({ brightness: 0.8 }).jpeg().toBuffer();
    const [face] = await engine.detect(seenAgain);
    const candidates = gallery.match(face!.embedding);
    expect(candidates.map((c) => c.personId)).toEqual(['hopper', 'collins']);
    expect(candidates[0]!.confidence - candidates[1]!.confidence).toBeGreaterThan(0.1);
  });
});
