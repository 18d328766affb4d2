import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE, TestClock, createTestContext, openTestDatabase, type TestContext } from '../../test/harness.js';
import { loadConfig } from '../config.js';
import { migrateToLatest } from '../db/database.js';
import { AccessRepository } from '../modules/auth/access.repository.js';
import { DEMO_PEOPLE, demoPhotos, seedDemo } from './seed.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const snapshot = async () => {
  const db = ctx.database.db;
  return {
    domains: await db.selectFrom('domains').selectAll().orderBy('uuid').execute(),
    cameras: await db.selectFrom('cameras').selectAll().orderBy('uuid').execute(),
    users: await db.selectFrom('users').selectAll().orderBy('email').execute(),
    roles: await db.selectFrom('role_operations').selectAll().orderBy('role').orderBy('service').orderBy('operation').execute(),
    grants: await db.selectFrom('user_roles').selectAll().orderBy('user_id').orderBy('domain_uuid').orderBy('role').execute(),
  };
};

describe('demo data', () => {
  it('is loaded once: a second load changes nothing', async () => {
    const first = await snapshot();
    ctx.clock.advance(60_000);
    await seedDemo(ctx.database.db, ctx.access, ctx.clock);
    expect(await snapshot()).toEqual(first);
  });

  it('does not undo what an administrator changed', async () => {
    const nurse = (await ctx.access.findUserByEmail('nurse@maple.example'))!;
    await ctx.transaction((trx) => ctx.access.revoke(trx, nurse.id, MAPLE, 'caregiver'));
    await ctx.transaction((trx) =>
      ctx.access.defineRole(trx, { name: 'relative', description: 'changed', operations: { video: ['view_historic', 'view_live'] } }),
    );
    await seedDemo(ctx.database.db, ctx.access, ctx.clock);
    expect(await ctx.access.entitlements(nurse.id)).toEqual({});
    expect((await ctx.access.listRoles()).find((r) => r.name === 'relative')?.operations).toEqual([
      'video/view_historic',
      'video/view_live',
    ]);
  });
});

describe('entitlements', () => {
  it('are the union of the roles held in each domain', async () => {
    const user = await ctx.access.ensureUser('union@maple.example', 'Union Test');
    await ctx.access.grant(user.id, MAPLE, 'relative');
    await ctx.access.grant(user.id, MAPLE, 'caregiver');
    await ctx.access.grant(user.id, MAPLE, 'caregiver');
    expect(await ctx.access.entitlements(user.id)).toEqual({
      [MAPLE]: {
        alerting: ['pin_dismiss_alert', 'receive_er_alerts', 'view_historic'],
        faces: ['find_resident'],
        video: ['view_historic', 'view_live'],
      },
    });
  });

  it('keeps one user per e-mail, whatever its case', async () => {
    const a = await ctx.access.ensureUser('Case@Maple.example');
    const b = await ctx.access.ensureUser('case@maple.example');
    expect(a.id).toBe(b.id);
    expect(a.email).toBe('case@maple.example');
  });
});

describe('demo people with photos', () => {
  const HOPPER = 'f0ce0001-0000-4000-8000-00000000a010';
  const COLLINS = 'f0ce0001-0000-4000-8000-00000000a011';

  it('adds Grace Hopper and Eileen Collins with one front photo each, once, and never adds a removed one again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vigil-seed-'));
    const { handle: database, drop } = await openTestDatabase(dataDir);
    try {
      await migrateToLatest(database.db);
      const config = loadConfig({ VIGIL_DATA_DIR: dataDir }, resolve(import.meta.dirname, '../../../..'));
      const clock = new TestClock();
      const access = new AccessRepository(database.db, clock);
      const warnings: string[] = [];
      const photos = { ...demoPhotos(database, config, clock), warn: (message: string) => warnings.push(message) };
      const seed = () => seedDemo(database.db, access, clock, config.secret, photos);
      const registry = async () => ({
        people: await database.db.selectFrom('faces').selectAll().orderBy('uuid').execute(),
        photos: await database.db.selectFrom('face_images').selectAll().orderBy('uuid').execute(),
      });

      await seed();
      expect(warnings).toEqual([]);
      const first = await registry();
      expect(first.people).toHaveLength(DEMO_PEOPLE.length);
      expect(
        first.people.filter((p) => [HOPPER, COLLINS].includes(p.uuid)).map((p) => [p.first_name, p.last_name, p.elopement_risk]),
      ).toEqual([
        ['Grace', 'Hopper', 1],
        ['Eileen', 'Collins', 1],
      ]);
      // One front photo each, stored as an upload is (a JPEG of at most 1280 px and a thumbnail, in the media folder).
      expect(first.photos.map((p) => [p.face_uuid, p.orientation]).sort()).toEqual(
        [
          [HOPPER, 'front'],
          [COLLINS, 'front'],
        ].sort(),
      );
      for (const photo of first.photos) {
        expect(await sharp(join(config.video.mediaDir, photo.file)).metadata()).toMatchObject({ format: 'jpeg', width: photo.width });
        expect(existsSync(join(config.video.mediaDir, photo.thumbnail_file))).toBe(true);
      }

      clock.advance(60_000);
      await seed();
      expect(await registry()).toEqual(first);

      // An administrator removes Collins's photo: the demo does not put it back.
      await database.db.deleteFrom('face_images').where('face_uuid', '=', COLLINS).execute();
      const changed = await registry();
      await seed();
      expect(await registry()).toEqual(changed);
      expect(changed.photos.map((p) => p.face_uuid)).toEqual([HOPPER]);
    } finally {
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
