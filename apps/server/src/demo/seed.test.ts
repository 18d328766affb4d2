import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE, createTestContext, type TestContext } from '../../test/harness.js';
import { seedDemo } from './seed.js';

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
    await ctx.access.revoke(nurse.id, MAPLE, 'caregiver');
    await ctx.access.defineRole({ name: 'relative', description: 'changed', operations: { video: ['view_historic', 'view_live'] } });
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
