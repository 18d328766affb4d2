import type { GalleryReply, ModelPrototypesReply } from '@vigil/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VigilClient } from './client.js';
import { EMBEDDER } from './embedder.js';
import { GalleryBook } from './gallery-book.js';
import type { Models } from './models.js';
import { decideModelMatch } from './match.js';
import { wasmBackend } from './tf.js';

// The gallery book against a fake server and fake models: what it fetches, embeds and sends, and how a loaded model
// changes who a face is.

beforeAll(() => wasmBackend());

const ADA = 'f0ce0001-0000-4000-8000-0000000000a1';
const BO = 'f0ce0001-0000-4000-8000-0000000000b1';
const MODEL = '0de10001-0000-4000-8000-000000000001';
const CALIBRATION = { w_sim: 20, w_margin: 10, bias: -14, threshold: 0.92 };

/** A photo's bytes are its embedding, as JSON: the fake models "find" that face in it. */
const photo = (...values: number[]) => `/media/photo?${encodeURIComponent(JSON.stringify(values))}`;
const fakeModels = {
  detect: async (bytes: Buffer) => [
    { box: { x: 0, y: 0, w: 1, h: 1 }, confidence: 0.99, embedding: Float32Array.from(JSON.parse(bytes.toString()) as number[]) },
  ],
} as unknown as Models;

function fakeServer(replies: (GalleryReply & { changed: boolean })[], prototypes: ModelPrototypesReply) {
  const sent: { domain: string; embedder: string; photos: { image_uuid: string }[] }[] = [];
  const fetched: string[] = [];
  const client = {
    gallery: async () => replies.shift()!,
    download: async (url: string) => Buffer.from(decodeURIComponent(url.slice(url.indexOf('?') + 1))),
    modelPrototypes: async (_domain: string, uuid: string) => {
      fetched.push(uuid);
      return prototypes;
    },
    photoEmbeddings: async (domain: string, embedder: string, photos: { image_uuid: string }[]) => {
      sent.push({ domain, embedder, photos });
      return { ok: true as const, stored: photos.length };
    },
  } as unknown as VigilClient;
  return { client, sent, fetched };
}
const log = { info: () => undefined, warn: () => undefined };
const people: GalleryReply['people'] = [
  { frontend_face_uuid: ADA, images: [{ uuid: 'a0000000-0000-4000-8000-000000000001', orientation: 'front', url: photo(1, 0, 0) }] },
  { frontend_face_uuid: BO, images: [{ uuid: 'b0000000-0000-4000-8000-000000000001', orientation: 'front', url: photo(0, 1, 0) }] },
];
const model = (embedder = EMBEDDER) => ({
  uuid: MODEL,
  label: '2026-11-26-10-00-00',
  embedder,
  calibration: CALIBRATION,
  dims: 3,
  prototypes: 1,
  version: 'ada',
});
// One prototype of Ada from her confirmed faces: lit from the side, say.
const prototypes: ModelPrototypesReply = {
  ok: true,
  uuid: MODEL,
  version: 'ada',
  dims: 3,
  owners: [ADA],
  vectors: Buffer.from(Float32Array.from([0.6, 0, 0.8]).buffer).toString('base64'),
};

describe('a building’s gallery with a loaded model', () => {
  it('sends the photos it embedded once, adds the model’s prototypes and its curve, and drops them when unloaded', async () => {
    const { client, sent, fetched } = fakeServer(
      [
        { ok: true, version: 'v1|-', changed: true, people, model: null },
        { ok: true, version: 'v1|m', changed: true, people, model: model() },
        { ok: true, version: 'v1|-', changed: true, people, model: null },
      ],
      prototypes,
    );
    const book = new GalleryBook(client, fakeModels, log);
    await book.sync('maple');
    expect(sent).toEqual([
      {
        domain: 'maple',
        embedder: EMBEDDER,
        photos: [
          expect.objectContaining({ image_uuid: people[0]!.images[0]!.uuid }),
          expect.objectContaining({ image_uuid: people[1]!.images[0]!.uuid }),
        ],
      },
    ]);
    const side = Float32Array.from([0.55, 0.05, 0.83]);
    expect(book.model('maple')).toBeNull();
    expect(book.gallery('maple').match(side, 2)[0]!.similarity).toBeLessThan(0.6);

    await book.sync('maple');
    expect(fetched).toEqual([MODEL]);
    // Photos are embedded and sent once per process.
    expect(sent).toHaveLength(1);
    expect(book.model('maple')?.calibration).toEqual(CALIBRATION);
    const withModel = book.gallery('maple').match(side, 2);
    expect(withModel[0]).toMatchObject({ personId: ADA });
    expect(withModel[0]!.similarity).toBeGreaterThan(0.99);
    expect(decideModelMatch(withModel, 0.9, CALIBRATION).personId).toBe(ADA);

    await book.sync('maple');
    expect(book.model('maple')).toBeNull();
    expect(book.gallery('maple').match(side, 2)[0]!.similarity).toBeLessThan(0.6);
  });

  it('ignores a model of another embedder, and a model’s prototypes of someone who left the registry', async () => {
    const other = fakeServer([{ ok: true, version: 'v1|m', changed: true, people, model: model('someone-else@1') }], prototypes);
    const book = new GalleryBook(other.client, fakeModels, log);
    await book.sync('maple');
    expect(other.fetched).toEqual([]);
    expect(book.model('maple')).toBeNull();

    const gone = fakeServer([{ ok: true, version: 'v2|m', changed: true, people: [people[1]!], model: model() }], prototypes);
    const after = new GalleryBook(gone.client, fakeModels, log);
    await after.sync('maple');
    expect(after.gallery('maple').ids()).toEqual([BO]);
  });
});

describe('a person erased from the loaded model', () => {
  it('fetches the same model again when it has fewer prototypes, and forgets theirs', async () => {
    const both: ModelPrototypesReply = {
      ...prototypes,
      version: 'ada+bo',
      owners: [ADA, BO],
      vectors: Buffer.from(Float32Array.from([0.6, 0, 0.8, 0, 0.6, 0.8]).buffer).toString('base64'),
    };
    const replies = [
      { ok: true as const, version: 'v1|m:ada+bo', changed: true, people, model: { ...model(), prototypes: 2, version: 'ada+bo' } },
      // Ada erased: she leaves the registry and the model (one prototype fewer).
      { ok: true as const, version: 'v2|m:bo', changed: true, people: [people[1]!], model: { ...model(), version: 'bo' } },
    ];
    const server = fakeServer(replies, both);
    const book = new GalleryBook(server.client, fakeModels, log);
    await book.sync('maple');
    expect([...book.model('maple')!.prototypes.keys()]).toEqual([ADA, BO]);
    server.client.modelPrototypes = async (_domain: string, uuid: string) => {
      server.fetched.push(uuid);
      return { ...both, version: 'bo', owners: [BO], vectors: Buffer.from(Float32Array.from([0, 0.6, 0.8]).buffer).toString('base64') };
    };
    await book.sync('maple');
    expect(server.fetched).toEqual([MODEL, MODEL]);
    expect([...book.model('maple')!.prototypes.keys()]).toEqual([BO]);
    expect(book.gallery('maple').ids()).toEqual([BO]);
  });
});

describe('the loaded model’s prototypes changing with their count unchanged', () => {
  it('fetches them again when the model’s version changes (one person’s consent withdrawn, another’s given)', async () => {
    // Bo's consent given and Ada's withdrawn between two polls: the same model, one prototype still, but Bo's.
    const replies = [
      { ok: true as const, version: 'v1|m:ada', changed: true, people, model: model() },
      { ok: true as const, version: 'v2|m:bo', changed: true, people, model: { ...model(), version: 'bo' } },
      { ok: true as const, version: 'v3|m:bo', changed: true, people, model: { ...model(), version: 'bo' } },
    ];
    const server = fakeServer(replies, prototypes);
    const book = new GalleryBook(server.client, fakeModels, log);
    await book.sync('maple');
    expect([...book.model('maple')!.prototypes.keys()]).toEqual([ADA]);
    server.client.modelPrototypes = async (_domain: string, uuid: string) => {
      server.fetched.push(uuid);
      return {
        ...prototypes,
        version: 'bo',
        owners: [BO],
        vectors: Buffer.from(Float32Array.from([0, 0.6, 0.8]).buffer).toString('base64'),
      };
    };
    await book.sync('maple');
    expect(server.fetched).toEqual([MODEL, MODEL]);
    expect([...book.model('maple')!.prototypes.keys()]).toEqual([BO]);
    expect(book.gallery('maple').match(Float32Array.from([0, 0.6, 0.8]), 1)[0]).toMatchObject({
      personId: BO,
      similarity: expect.closeTo(1, 5),
    });
    // The registry changed but the model did not: its prototypes are not fetched again.
    await book.sync('maple');
    expect(server.fetched).toEqual([MODEL, MODEL]);
  });
});

describe('deciding with a model', () => {
  it('scores the best against the second and names it from the model’s threshold or the analyzer’s minimum, the higher', () => {
    const candidates = [
      { personId: ADA, similarity: 0.75 },
      { personId: BO, similarity: 0.4 },
    ];
    const decision = decideModelMatch(candidates, 0.9, CALIBRATION);
    expect(decision.personId).toBe(ADA);
    // σ(20·0.75 + 10·0.35 − 14) = σ(4.5)
    expect(decision.confidence).toBe(0.989);
    // The second candidate is scored against the best: far less sure.
    expect(decision.candidates[1]!.confidence).toBeLessThan(0.1);
    expect(decideModelMatch(candidates, 0.995, CALIBRATION).personId).toBeNull();
    expect(
      decideModelMatch(
        [
          { personId: ADA, similarity: 0.7 },
          { personId: BO, similarity: 0.68 },
        ],
        0.5,
        CALIBRATION,
      ).personId,
    ).toBeNull();
    expect(decideModelMatch([], 0.9, CALIBRATION)).toEqual({ personId: null, confidence: 0, candidates: [] });
  });
});

describe('a person who leaves the gallery and comes back (consent withdrawn, then given)', () => {
  it('forgets their photos’ embeddings, and embeds and sends them again when they are back', async () => {
    const server = fakeServer(
      [
        { ok: true, version: 'v1', changed: true, people, model: null },
        { ok: true, version: 'v2', changed: true, people: [people[1]!], model: null },
        { ok: true, version: 'v3', changed: true, people, model: null },
      ],
      prototypes,
    );
    const book = new GalleryBook(server.client, fakeModels, log);
    await book.sync('maple');
    expect(server.sent.flatMap((s) => s.photos.map((p) => p.image_uuid))).toEqual([people[0]!.images[0]!.uuid, people[1]!.images[0]!.uuid]);
    await book.sync('maple');
    expect(book.gallery('maple').ids()).toEqual([BO]);
    await book.sync('maple');
    expect(book.gallery('maple').ids().sort()).toEqual([ADA, BO].sort());
    // Ada's photo again (the server deleted its embedding when her consent went); Bo's stayed known.
    expect(server.sent.slice(1).flatMap((s) => s.photos.map((p) => p.image_uuid))).toEqual([people[0]!.images[0]!.uuid]);
    expect(book.gallery('maple').match(Float32Array.from([1, 0, 0]), 1)[0]).toMatchObject({ personId: ADA });
  });
});
