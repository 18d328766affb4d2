import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ALERTS_MESSAGES, type Face, type FaceInfo } from '@vigil/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIRCH, MAPLE, bearer, createTestContext, detectorKey, sendBatch, type TestContext } from '../../../test/harness.js';
import { jpegBytes } from '../../../test/pictures.js';

// The faces registry through its API, as the web app and an administrator's script use it: people with photos, who may
// see whom, last seen and history from what detectors reported, and bad input refused with nothing written.
let ctx: TestContext;
let manager: string;
let nurse: string;
let family: string;
let birchOnly: string;
let key: string;

const FRONT_DOOR = 'c1a00001-0000-4000-8000-00000000a001';
const HALLWAY = 'c1a00001-0000-4000-8000-00000000a003';
const DINING = 'c1a00001-0000-4000-8000-00000000a007';

/** A real photograph-like JPEG (a gradient with a disc), `width` x `height`, optionally with an EXIF orientation. */
async function jpeg(width: number, height: number, orientation?: number): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#c96"/><stop offset="1" stop-color="#369"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 3}" r="${Math.min(width, height) / 5}" fill="#fdc"/></svg>`;
  let image = sharp(Buffer.from(svg)).jpeg({ quality: 90 });
  if (orientation) image = image.withMetadata({ orientation });
  return (await image.toBuffer()).toString('base64');
}
const png = async (width: number, height: number) =>
  `data:image/png;base64,${(
    await sharp({ create: { width, height, channels: 3, background: '#8a8' } })
      .png()
      .toBuffer()
  ).toString('base64')}`;

const resident = (overrides: Partial<FaceInfo> = {}): FaceInfo => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  role: 'resident',
  gender: 'female',
  complexion: 'caucasian',
  room_number: '101',
  bed: 'A',
  elopement_risk: false,
  ...overrides,
});

const add = (token: string, face_info: FaceInfo, domain = MAPLE) =>
  ctx.app.inject({ method: 'POST', url: '/api/v6/faces', headers: bearer(token), payload: { domain_uuid: domain, face_info } });
const edit = (token: string, id: string, face_info: FaceInfo) =>
  ctx.app.inject({ method: 'PUT', url: `/api/v6/faces/${id}`, headers: bearer(token), payload: { face_info } });
const remove = (token: string, id: string) => ctx.app.inject({ method: 'DELETE', url: `/api/v6/faces/${id}`, headers: bearer(token) });
const list = async (token: string, domain = MAPLE) => {
  const reply = await ctx.app.inject({ method: 'GET', url: `/api/v6/faces?domain_uuid=${domain}`, headers: bearer(token) });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ faces: Face[] }>().faces;
};
const one = (token: string, id: string) => ctx.app.inject({ method: 'GET', url: `/api/v6/faces/${id}`, headers: bearer(token) });
const history = (token: string, id: string, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/v6/faces/${id}/history${query}`, headers: bearer(token) });
const added = async (face_info: FaceInfo, token = manager) => {
  const reply = await add(token, face_info);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ frontend_face_uuid: string }>().frontend_face_uuid;
};
const photoFiles = () => {
  const dir = join(ctx.config.video.mediaDir, 'people');
  return existsSync(dir) ? readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.jpg')) : [];
};
const peopleRows = async () => (await ctx.database.db.selectFrom('faces').select('uuid').execute()).length;
const fetchMedia = async (url: string) => {
  const reply = await ctx.app.inject({ method: 'GET', url });
  expect(reply.statusCode, url).toBe(200);
  return sharp(reply.rawPayload).metadata();
};

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.signIn('manager@maple.example');
  nurse = await ctx.signIn('nurse@maple.example');
  family = await ctx.signIn('family@maple.example');
  const user = await ctx.access.ensureUser('birch.faces@maple.example', 'Birch Faces');
  await ctx.access.grant(user.id, BIRCH, 'facility-manager');
  birchOnly = await ctx.signIn('birch.faces@maple.example');
  key = await detectorKey(ctx, manager, MAPLE, 'faces test');
});
afterAll(() => ctx.close());

describe('adding, changing and deleting a person', () => {
  it('adds a resident with photos, stored upright, resized, with thumbnails, served by signed links', async () => {
    const id = await added(
      resident({
        images: {
          add: [
            { orientation: 'front', data: await jpeg(1600, 1000, 6) },
            { orientation: 'side', data: await png(300, 400) },
          ],
        },
      }),
    );
    const face = (await list(manager)).find((f) => f.frontend_face_uuid === id)!;
    expect(face).toMatchObject({
      person_name: 'Ada Lovelace',
      role: 'resident',
      resident: true,
      employee: false,
      room: '101',
      bed: 'A',
      elopement_risk: false,
      last_seen_datetime: null,
      images_tagged: 0,
    });
    const front = face.images.find((i) => i.orientation === 'front')!;
    // EXIF orientation 6 (rotated 90°): the stored photo is upright, 1000 x 1600 scaled to at most 1280 on its long side.
    expect(await fetchMedia(front.uri)).toMatchObject({ format: 'jpeg', width: 800, height: 1280 });
    expect(await fetchMedia(front.thumbnail_uri)).toMatchObject({ format: 'jpeg', width: 256, height: 256 });
    const side = face.images.find((i) => i.orientation === 'side')!;
    expect(await fetchMedia(side.uri)).toMatchObject({ format: 'jpeg', width: 300, height: 400 });
    expect((await ctx.app.inject({ method: 'GET', url: front.uri.replace(/\/[^/]+\.jpg$/, '/../../x.jpg') })).statusCode).not.toBe(200);
  });

  it('changes fields and photos: replaced and deleted photos go, untouched ones stay', async () => {
    const id = await added(
      resident({
        first_name: 'Grace',
        images: {
          add: [
            { orientation: 'front', data: await jpeg(400, 400) },
            { orientation: 'side', data: await jpeg(300, 300) },
          ],
        },
      }),
    );
    const before = (await one(manager, id)).json<{ face: Face }>().face;
    const front = before.images.find((i) => i.orientation === 'front')!;
    const side = before.images.find((i) => i.orientation === 'side')!;
    const reply = await edit(
      manager,
      id,
      resident({
        first_name: 'Grace',
        room_number: '202',
        elopement_risk: true,
        images: { edit: [{ uuid: front.uuid, orientation: 'front', data: await jpeg(500, 500) }], delete: [side.uuid] },
      }),
    );
    expect(reply.statusCode, reply.body).toBe(200);
    const after = (await one(manager, id)).json<{ face: Face }>().face;
    expect(after).toMatchObject({ room: '202', elopement_risk: true });
    expect(after.images).toHaveLength(1);
    expect(after.images[0]!.uuid).not.toBe(front.uuid);
    expect(await fetchMedia(after.images[0]!.uri)).toMatchObject({ width: 500 });
    expect(photoFiles().filter((f) => String(f).startsWith(id))).toHaveLength(2);
    // A photo of someone else is not this person's to replace.
    const other = await added(resident({ first_name: 'Other', images: { add: [{ orientation: 'front', data: await jpeg(100, 100) }] } }));
    const othersPhoto = (await one(manager, other)).json<{ face: Face }>().face.images[0]!.uuid;
    const stolen = await edit(manager, id, resident({ first_name: 'Grace', images: { delete: [othersPhoto] } }));
    expect(stolen.statusCode).toBe(400);
    expect((await one(manager, other)).json<{ face: Face }>().face.images).toHaveLength(1);
  });

  it('shows a change in the list at once, even within the same millisecond (the list is kept while unchanged)', async () => {
    const id = await added(resident({ first_name: 'Listed' }));
    expect((await list(manager)).find((f) => f.frontend_face_uuid === id)?.room).toBe('101');
    expect((await edit(manager, id, resident({ first_name: 'Listed', room_number: '303' }))).statusCode).toBe(200);
    expect((await list(manager)).find((f) => f.frontend_face_uuid === id)?.room).toBe('303');
    // Seen by a detector meanwhile: last seen shows at once too.
    const seenAt = new Date(Math.floor(ctx.clock.now() / 1000) * 1000 - 5000).toISOString().replace('.000Z', 'Z');
    await sendBatch(ctx, key, { faces: [{ camera_uuid: HALLWAY, captured_at: seenAt, frontend_face_uuid: id, confidence: 0.95 }] });
    expect((await list(manager)).find((f) => f.frontend_face_uuid === id)?.last_seen_datetime).toBe(seenAt);
    // A photo added, and the camera renamed: the person's entry follows, the others stay as they were.
    const others = (await list(manager)).filter((f) => f.frontend_face_uuid !== id);
    const photo = { images: { add: [{ orientation: 'front' as const, data: await jpeg(120, 120) }] } };
    expect((await edit(manager, id, resident({ first_name: 'Listed', room_number: '303', ...photo }))).statusCode).toBe(200);
    const rename = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v4/cameras/${HALLWAY}`,
      headers: bearer(manager),
      payload: { name: 'Hallway East Wing' },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    const after = await list(manager);
    expect(after.find((f) => f.frontend_face_uuid === id)).toMatchObject({
      images: [expect.objectContaining({ orientation: 'front' })],
      last_seen_camera_description: 'Hallway East Wing',
    });
    expect(
      after
        .filter((f) => f.frontend_face_uuid !== id)
        .map((f) => f.frontend_face_uuid)
        .sort(),
    ).toEqual(others.map((f) => f.frontend_face_uuid).sort());
    // Without faces/find_all the same entries, residents only.
    expect((await list(nurse)).find((f) => f.frontend_face_uuid === id)?.last_seen_camera_description).toBe('Hallway East Wing');
  });

  it('refuses a renamed text file, another image type, an oversized photo or body, and malformed fields, writing nothing', async () => {
    const rows = await peopleRows();
    const files = photoFiles().length;
    const text = Buffer.from('this is a text file, renamed to photo.jpg\n'.repeat(20)).toString('base64');
    const gif = `data:image/gif;base64,${Buffer.from('GIF89a').toString('base64')}`;
    const cases: [FaceInfo, RegExp][] = [
      [
        resident({
          images: {
            add: [
              { orientation: 'front', data: await jpeg(100, 100) },
              { orientation: 'side', data: text },
            ],
          },
        }),
        /images\.add\[1\] \(side\): this is not a JPEG or PNG image/,
      ],
      [resident({ images: { add: [{ orientation: 'front', data: gif }] } }), /must be a JPEG or PNG image, not image\/gif/],
      [resident({ images: { add: [{ orientation: 'front', data: 'not base64 at all!' }] } }), /not base64/],
      [
        resident({ images: { add: [{ orientation: 'front', data: Buffer.alloc(11 * 1024 * 1024, 7).toString('base64') }] } }),
        /at most 10 MB/,
      ],
      [
        resident({
          images: {
            add: [
              { orientation: 'front', data: await jpeg(50, 50) },
              { orientation: 'front', data: await jpeg(60, 60) },
            ],
          },
        }),
        /one front and one side/,
      ],
      [resident({ first_name: '  ' }), /first_name/],
      [resident({ role: 'janitor' as FaceInfo['role'] }), /role/],
      [resident({ elopement_risk: undefined }), /elopement_risk is required for residents/],
      [resident({ complexion: 'green' as FaceInfo['complexion'] }), /complexion/],
      [resident({ role: 'employee', email: 'not-an-email' }), /email/],
    ];
    for (const [info, message] of cases) {
      const reply = await add(manager, info);
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json<{ error: string }>().error).toMatch(message);
    }
    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/api/v6/faces',
      headers: bearer(manager),
      payload: {
        domain_uuid: MAPLE,
        face_info: resident({ images: { add: [{ orientation: 'front', data: 'A'.repeat(50 * 1024 * 1024) }] } }),
      },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json<{ error: string }>().error).toBeTruthy();
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/v6/faces', headers: bearer(manager), payload: { domain_uuid: MAPLE } }))
        .statusCode,
    ).toBe(400);
    expect(await peopleRows()).toBe(rows);
    expect(photoFiles()).toHaveLength(files);
  });

  it('deletes a person: photos removed, out of every list, never matched again; alerts that name them stay', async () => {
    const id = await added(
      resident({ first_name: 'Rosa', elopement_risk: true, images: { add: [{ orientation: 'front', data: await jpeg(200, 200) }] } }),
    );
    const seenAt = new Date(Math.floor(ctx.clock.now() / 1000) * 1000 - 60_000).toISOString().replace('.000Z', 'Z');
    const alerted = await sendBatch(ctx, key, {
      faces: [{ camera_uuid: FRONT_DOOR, captured_at: seenAt, frontend_face_uuid: id, confidence: 0.97 }],
    });
    expect(alerted.json()).toMatchObject({ elopement_alerts: 1 });
    expect((await remove(nurse, id)).statusCode, 'a caregiver may not delete').toBe(403);
    const reply = await remove(manager, id);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(photoFiles().filter((f) => String(f).startsWith(id))).toHaveLength(0);
    expect((await list(manager)).map((f) => f.frontend_face_uuid)).not.toContain(id);
    expect((await one(manager, id)).statusCode).toBe(404);
    expect((await remove(manager, id)).statusCode).toBe(404);
    expect((await edit(manager, id, resident())).statusCode).toBe(404);
    const alerts = await ctx.app.inject({ method: 'GET', url: `/api/v1/faces/alerts?domainUUID=${MAPLE}`, headers: bearer(manager) });
    expect(alerts.json<{ alerts: { frontend_face_uuid: string; person_name: string }[] }>().alerts).toContainEqual(
      expect.objectContaining({ frontend_face_uuid: id, person_name: 'Rosa Lovelace' }),
    );
    // A detector that still has them in its gallery: the face is stored unmatched, and no alert.
    const later = new Date(Date.parse(seenAt) + 30_000).toISOString().replace('.000Z', 'Z');
    const stale = await sendBatch(ctx, key, {
      faces: [{ camera_uuid: FRONT_DOOR, captured_at: later, frontend_face_uuid: id, confidence: 0.99 }],
    });
    expect(stale.json()).toMatchObject({ faces: { accepted: 1 }, elopement_alerts: 0 });
    const stored = await ctx.database.db
      .selectFrom('face_detections')
      .select('frontend_face_uuid')
      .where('captured_at', '=', Date.parse(later))
      .execute();
    expect(stored).toEqual([{ frontend_face_uuid: null }]);
  });
});

describe('who sees whom', () => {
  it('leaves employees out for callers without faces/find_all, in the list and by id', async () => {
    const employee = await added({
      first_name: 'Eve',
      last_name: 'Staffer',
      role: 'employee',
      gender: 'female',
      complexion: 'asian',
      email: 'eve@maple.example',
      employee_role: 'nurse',
    });
    expect((await list(manager)).find((f) => f.frontend_face_uuid === employee)).toMatchObject({
      employee: true,
      email: 'eve@maple.example',
      employee_role: 'nurse',
    });
    const seenByNurse = await list(nurse);
    expect(seenByNurse.length).toBeGreaterThan(0);
    expect(seenByNurse.every((f) => f.role === 'resident')).toBe(true);
    expect((await one(nurse, employee)).statusCode).toBe(404);
    expect((await history(nurse, employee)).statusCode).toBe(404);
    // Nor can they make one.
    const made = await add(nurse, { first_name: 'X', last_name: 'Y', role: 'employee', gender: 'male', complexion: 'asian' });
    expect(made.statusCode).toBe(403);
  });

  it('answers 403 to a caller with no way to read faces, and 404 for another building’s person, as for an unknown one', async () => {
    const denied = await ctx.app.inject({ method: 'GET', url: `/api/v6/faces?domain_uuid=${MAPLE}`, headers: bearer(family) });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ error: ALERTS_MESSAGES.facesNoAccess });
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v6/faces?domain_uuid=${MAPLE}`, headers: bearer(birchOnly) })).statusCode,
    ).toBe(403);
    const id = await added(resident({ first_name: 'Mapleonly' }));
    const unknown = 'f0ce0001-0000-4000-8000-0000000fffff';
    for (const [foreign, missing] of [
      [await one(birchOnly, id), await one(birchOnly, unknown)],
      [await history(birchOnly, id), await history(birchOnly, unknown)],
      [await edit(birchOnly, id, resident({ first_name: 'Mine' })), await edit(birchOnly, unknown, resident({ first_name: 'Mine' }))],
      [await remove(birchOnly, id), await remove(birchOnly, unknown)],
    ]) {
      expect(foreign!.statusCode).toBe(404);
      expect(foreign!.body).toBe(missing!.body);
    }
    expect((await add(birchOnly, resident())).statusCode, 'adding into a building one has no faces/add in').toBe(403);
    expect((await one(manager, id)).json<{ face: Face }>().face.first_name).toBe('Mapleonly');
    expect((await add(nurse, resident())).statusCode, 'a caregiver may not add').toBe(403);
  });
});

describe('last seen and history', () => {
  // The rules (merging, paging within a second, reviews) are faces.service.test.ts's; here, the calls as a client makes them.
  it('follow the detections matched to a person, newest first, merged per camera within 300 s, paged', async () => {
    const id = await added(resident({ first_name: 'Seen', last_name: 'Often' }));
    const base = Math.floor(ctx.clock.now() / 1000) * 1000 - 3600_000;
    const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString().replace('.000Z', 'Z');
    const face = (camera: string, minutes: number, extra: object = {}) => ({
      camera_uuid: camera,
      captured_at: at(minutes),
      frontend_face_uuid: id,
      confidence: 0.93,
      ...extra,
    });
    const reply = await sendBatch(ctx, key, {
      faces: [face(HALLWAY, 0), face(HALLWAY, 2), face(HALLWAY, 4), face(DINING, 10), face(HALLWAY, 30), face(DINING, 31)],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const person = (await list(manager)).find((f) => f.frontend_face_uuid === id)!;
    expect(person).toMatchObject({
      last_seen_datetime: at(31),
      last_seen_camera_uuid: DINING,
      last_seen_camera_description: 'Dining Room',
    });

    // The reply's shape; the merging itself is faces.service.test.ts's.
    const page = (await history(manager, id)).json<{
      history: { captured_at: string; camera_uuid: string; mergeCount: number; merged: boolean }[];
      detections: number;
      next_before: string | null;
    }>();
    expect(page).toMatchObject({ detections: 6, next_before: null });
    expect(page.history[0]).toMatchObject({ captured_at: at(31), camera_uuid: DINING, mergeCount: 1, merged: false });
    const first = (await history(manager, id, '?limit=2')).json<{ detections: number; next_before: string }>();
    expect(first.detections).toBe(2);
    expect(Date.parse(first.next_before)).toBe(Date.parse(at(30)));
    const rest = (await history(manager, id, `?limit=10&before=${first.next_before}`)).json<{
      detections: number;
      next_before: string | null;
    }>();
    expect(rest).toMatchObject({ detections: 4, next_before: null });
    expect((await history(manager, id, '?limit=0')).statusCode).toBe(400);

    // A reviewer says the newest is someone else: last seen goes back to the one before.
    const newest = await ctx.database.db
      .selectFrom('face_detections')
      .select('runtime_face_uuid')
      .where('frontend_face_uuid', '=', id)
      .orderBy('captured_at', 'desc')
      .executeTakeFirstOrThrow();
    const review = await ctx.app.inject({
      method: 'POST',
      url: '/api/v4/facematchconfirm',
      headers: bearer(manager),
      payload: { runtime_face_uuid: newest.runtime_face_uuid, frontend_face_uuid: id, is_correct: false },
    });
    expect(review.statusCode, review.body).toBe(200);
    expect((await one(manager, id)).json<{ face: Face }>().face).toMatchObject({
      last_seen_datetime: at(30),
      last_seen_camera_uuid: HALLWAY,
    });
  });

  it('links a detection’s face crop for callers of its building only', async () => {
    const id = await added(resident({ first_name: 'Crop' }));
    const now = new Date(Math.floor(ctx.clock.now() / 1000) * 1000).toISOString().replace('.000Z', 'Z');
    await sendBatch(ctx, key, {
      faces: [
        {
          runtime_face_uuid: 'd0d0d0d0-0000-4000-8000-000000000001',
          camera_uuid: HALLWAY,
          captured_at: now,
          frontend_face_uuid: id,
          confidence: 0.9,
          box: { x: 0.4, y: 0.2, w: 0.1, h: 0.2 },
          // No camera streams here: the picture is the crop the detector sent.
          crop: (await jpegBytes(48)).toString('base64'),
        },
      ],
    });
    const crop = await ctx.app.inject({
      method: 'GET',
      url: '/api/v4/faceimage/d0d0d0d0-0000-4000-8000-000000000001',
      headers: bearer(nurse),
    });
    expect(crop.statusCode).toBe(302);
    expect(crop.headers.location).toMatch(/^\/media\/\d+\.[\w-]{32}\/frames\/poster\/d0d0d0d0-0000-4000-8000-000000000001\.jpg$/);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v4/faceimage/d0d0d0d0-0000-4000-8000-000000000001', headers: bearer(birchOnly) }))
        .statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v4/faceimage/not-a-uuid', headers: bearer(nurse) })).statusCode).toBe(400);
  });
});
