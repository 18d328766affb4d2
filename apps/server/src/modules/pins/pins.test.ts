import { PIN_COLLISION, pinDigest, type PinCollision } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIRCH, MAPLE, bearer, createTestContext, type TestContext } from '../../../test/harness.js';
import { PIN_RESETS_PER_WINDOW } from './pins.service.js';

let ctx: TestContext;
let manager: string;
let staff: string;
let nurse: string;
beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.signIn('manager@maple.example');
  staff = await ctx.signIn('staff@vigil.example');
  nurse = await ctx.signIn('nurse@maple.example');
});
afterAll(() => ctx.close());

const userId = async (email: string) => (await ctx.access.findUserByEmail(email))!.id;
const resetPin = async (token: string, target: string, domain: string, pin: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/users/${target}/reset_pin`,
    headers: bearer(token),
    payload: { newPIN: await pinDigest(domain, pin), domain_uuid: domain, token },
  });

describe('POST /api/v1/users/{id}/reset_pin', () => {
  it("sets the caller's own PIN and stores no PIN or browser digest in clear", async () => {
    const reply = await resetPin(manager, 'me', MAPLE, '4711');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ ok: true });
    const row = await ctx.database.db
      .selectFrom('pins')
      .selectAll()
      .where('user_id', '=', await userId('manager@maple.example'))
      .executeTakeFirstOrThrow();
    expect(row.pin_hash).not.toContain('4711');
    expect(row.pin_hash).not.toBe(await pinDigest(MAPLE, '4711'));
    expect(row.pin_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lets an administrator set the PIN of a person in the domain', async () => {
    const reply = await resetPin(manager, await userId('nurse@maple.example'), MAPLE, '9055');
    expect(reply.json()).toEqual({ ok: true });
  });

  it('keeps PINs unique per domain so a PIN identifies one person', async () => {
    const taken = await resetPin(staff, 'me', MAPLE, '4711');
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ ok: boolean; error: string }>()).toMatchObject({ ok: false });
    // the same PIN is fine in another building
    expect((await resetPin(staff, 'me', BIRCH, '4711')).statusCode).toBe(200);
  });

  it('says no more than "choose another PIN" when a PIN is taken, lists the refusal for administrators, and stops after a few a day', async () => {
    // Staff tries a PIN Morgan Lee (the manager) holds: the reply does not say whose it is, or that it is anyone's.
    const refused = await resetPin(staff, 'me', MAPLE, '4711');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toBe(PIN_COLLISION.message);
    expect(refused.body).not.toMatch(/Morgan|manager|someone/i);

    // Administrators see it as a security event: who tried, when, and whose PIN it was to be.
    const events = await ctx.app.inject({ method: 'GET', url: `/api/v1/users/${MAPLE}/pin_collisions`, headers: bearer(manager) });
    expect(events.statusCode).toBe(200);
    expect(events.json<{ collisions: PinCollision[] }>().collisions[0]).toMatchObject({ by: { email: 'staff@vigil.example' } });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/users/${MAPLE}/pin_collisions`, headers: bearer(nurse) })).statusCode).toBe(
      403,
    );

    // A few refusals a day (this test's first and the one before), then every PIN change of theirs waits.
    const statuses: number[] = [];
    for (let i = 0; i < PIN_COLLISION.perUserPerDay; i += 1) statuses.push((await resetPin(staff, 'me', MAPLE, '4711')).statusCode);
    expect(statuses).toContain(429);
    const stopped = await resetPin(staff, 'me', MAPLE, '86420135');
    expect(stopped.statusCode, 'even a free PIN waits for tomorrow').toBe(429);
    expect(stopped.json<{ error: string }>().error).toBe(PIN_COLLISION.tooMany);
    ctx.clock.advance(24 * 3600_000 + 1);
    try {
      // A day on (the session of then has expired: a new sign-in), PIN changes go through again.
      expect((await resetPin(await ctx.signIn('staff@vigil.example'), 'me', MAPLE, '86420135')).statusCode).toBe(200);
    } finally {
      ctx.clock.reset();
    }
  });

  it('refuses a caller without set_dismiss_pin (403) and changes nothing', async () => {
    const before = await ctx.database.db.selectFrom('pins').selectAll().execute();
    const reply = await resetPin(nurse, 'me', MAPLE, '1357');
    expect(reply.statusCode).toBe(403);
    expect(await ctx.database.db.selectFrom('pins').selectAll().execute()).toEqual(before);
  });

  it("refuses setting another person's PIN in a domain the caller cannot administer", async () => {
    const reply = await resetPin(nurse, await userId('family@maple.example'), BIRCH, '2468');
    expect(reply.statusCode).toBe(403);
  });

  it('answers 404 for a person outside the domain', async () => {
    const reply = await resetPin(manager, await userId('family@maple.example'), BIRCH, '8642');
    expect(reply.statusCode).toBe(404);
  });

  it.each([
    [{ newPIN: '1234', domain_uuid: MAPLE }, 'newPIN'],
    [{ newPIN: 'A'.repeat(43) + '=' }, 'domain_uuid'],
    [{ newPIN: 'A'.repeat(43) + '=', domain_uuid: 'not-a-uuid' }, 'domain_uuid'],
  ])('answers 400 for malformed input %#', async (payload, field) => {
    const reply = await ctx.app.inject({ method: 'POST', url: '/api/v1/users/me/reset_pin', headers: bearer(manager), payload });
    expect(reply.statusCode).toBe(400);
    expect(reply.json<{ error: string }>().error).toContain(field);
  });

  it('answers 400 for a target that is neither me nor a uuid', async () => {
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/../reset_pin',
      headers: bearer(manager),
      payload: { newPIN: await pinDigest(MAPLE, '1111'), domain_uuid: MAPLE },
    });
    expect([400, 404]).toContain(reply.statusCode);
  });

  it('rate-limits PIN changes per user', async () => {
    const token = await ctx.signIn('manager@maple.example');
    const statuses: number[] = [];
    for (let i = 0; i < PIN_RESETS_PER_WINDOW + 2; i++) statuses.push((await resetPin(token, 'me', MAPLE, `80${10 + i}`)).statusCode);
    expect(statuses).toContain(429);
    expect(statuses.indexOf(429)).toBeLessThanOrEqual(PIN_RESETS_PER_WINDOW);
    ctx.clock.advance(16 * 60 * 1000);
    expect((await resetPin(token, 'me', MAPLE, '8099')).statusCode).toBe(200);
  });
});

describe('GET /api/v1/users/{domainId}/pin_enabled', () => {
  it('lists the people of the domain for an administrator', async () => {
    const reply = await ctx.app.inject({ method: 'GET', url: `/api/v1/users/${MAPLE}/pin_enabled`, headers: bearer(manager) });
    const names = reply.json<{ data: { users: { name: string; uuid: string }[] } }>().data.users.map((u) => u.name);
    expect(names).toEqual(expect.arrayContaining(['Nora Quinn', 'Frank Ellis', 'Morgan Lee']));
    expect(names).not.toContain('Casey Newman');
  });

  it('refuses users without administer_user_pin and foreign domains (403)', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/users/${MAPLE}/pin_enabled`, headers: bearer(nurse) })).statusCode).toBe(
      403,
    );
    const foreign = await ctx.app.inject({ method: 'GET', url: `/api/v1/users/${BIRCH}/pin_enabled`, headers: bearer(nurse) });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).not.toContain('Birch');
  });

  it('answers 400 for a domain id that is not a uuid', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/users/maple/pin_enabled', headers: bearer(manager) })).statusCode).toBe(
      400,
    );
  });
});
