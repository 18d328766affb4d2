import { CLIENT_ERRORS, type ClientError } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../../test/harness.js';

let ctx: TestContext;
let staff: string;
let nurse: string;
beforeAll(async () => {
  ctx = await createTestContext();
  staff = await ctx.signIn('staff@vigil.example');
  nurse = await ctx.signIn('nurse@maple.example');
});
afterAll(() => ctx.close());

const report = (token: string | null, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/client_errors', headers: token ? bearer(token) : {}, payload });
const list = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/v1/client_errors?limit=50', headers: bearer(token) });
const count = async () =>
  Number(
    (
      await ctx.database.db
        .selectFrom('client_errors')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('client errors', () => {
  it('stores what a signed-in browser reports, without passwords, signatures or tokens, and staff read it newest first', async () => {
    const sent = {
      kind: 'player',
      message: 'Recorded video: the clip http://localhost:8080/media/1764000000.abc/clips/c.mp4?sig=SECRETSIG could not play',
      page: '/view/c1a00001-0000-4000-8000-00000000a001/live',
      detail: 'rtsp://admin:hunter2@10.1.2.3:554/Streaming/Channels/101 and Bearer tok_SECRET',
    };
    expect((await report(nurse, sent)).statusCode).toBe(200);
    expect((await report(nurse, { kind: 'network', message: 'Could not reach the server.', page: '/alerts' })).statusCode).toBe(200);

    const reply = await list(staff);
    expect(reply.statusCode).toBe(200);
    const errors = reply.json<{ errors: ClientError[] }>().errors;
    expect(errors.map((e) => e.kind).slice(0, 2)).toEqual(['network', 'player']);
    const player = errors.find((e) => e.kind === 'player')!;
    expect(player.user_email).toBe('nurse@maple.example');
    expect(player.user_agent).toBe('lightMyRequest');
    expect(player.page).toBe(sent.page);
    expect(JSON.stringify(errors)).not.toMatch(/SECRETSIG|hunter2|tok_SECRET/);
    expect(player.message).toContain('/clips/c.mp4?…');
  });

  it('refuses a report without a session (401) or that breaks the contract (400), and stores nothing', async () => {
    const before = await count();
    expect((await report(null, { kind: 'network', message: 'x', page: '/' })).statusCode).toBe(401);
    for (const bad of [
      { kind: 'virus', message: 'x', page: '/' },
      { kind: 'network', page: '/' },
      { kind: 'network', message: 'x'.repeat(2001), page: '/' },
    ]) {
      const reply = await report(nurse, bad);
      expect(reply.statusCode).toBe(400);
      expect(reply.json<{ error: string }>().error).toBeTruthy();
    }
    expect(await count()).toBe(before);
  });

  it('lets only staff with staff/diagnostic_export read the reports', async () => {
    expect((await list(nurse)).statusCode).toBe(403);
    expect((await list(await ctx.signIn('manager@maple.example'))).statusCode).toBe(403);
  });

  it(`takes at most ${CLIENT_ERRORS.perUserPerMinute} reports a minute from one user, then answers 429`, async () => {
    const family = await ctx.signIn('family@maple.example');
    const statuses: number[] = [];
    for (let i = 0; i < CLIENT_ERRORS.perUserPerMinute + 3; i += 1) {
      statuses.push((await report(family, { kind: 'script', message: `loop ${i}`, page: '/view' })).statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(CLIENT_ERRORS.perUserPerMinute);
    expect(statuses.slice(-3)).toEqual([429, 429, 429]);
    // Another user is not held back by that.
    expect((await report(nurse, { kind: 'script', message: 'mine', page: '/' })).statusCode).toBe(200);
  });
});
