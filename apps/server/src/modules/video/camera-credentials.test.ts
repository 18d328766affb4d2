import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIRCH, MAPLE, bearer, createTestContext, type TestContext } from '../../../test/harness.js';
import { eventually } from '../../../test/rtsp-simulator.js';

// A camera's password must never leave the server: not in a reply (to anyone), not in a log line, not in clear in the
// database. The camera here is on loopback and refuses connections, so its recorder fails and reports why.
const PASSWORD = 'Pa55-Wörd-7g2x';
let ctx: TestContext;
let manager: string;
let family: string;
let camera: string;

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  ctx = await createTestContext(
    { VIGIL_RECORDER: 'on', VIGIL_DEMO_CAMERAS: 'off', VIGIL_LOG_LEVEL: 'info' },
    async (database) => {
      await database.db.deleteFrom('cameras').execute();
    },
    { captureLogs: true },
  );
  manager = await ctx.signIn('manager@maple.example');
  family = await ctx.signIn('family@maple.example');
  const upload = await ctx.app.inject({
    method: 'POST',
    url: '/api/v4/cameras/upload',
    headers: bearer(manager),
    payload: [
      {
        name: 'Back Door',
        domainUUID: MAPLE,
        host: '127.0.0.1',
        port: await closedPort(),
        path: '/stream1',
        username: 'admin',
        password: PASSWORD,
      },
    ],
  });
  expect(upload.statusCode).toBe(200);
  expect(upload.body).not.toContain(PASSWORD);
  camera = upload.json<{ cameras: { uuid: string }[] }>().cameras[0]!.uuid;
}, 60_000);
afterAll(() => ctx.close());

const cameraList = (token: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v4/cameras?domain_uuid=${MAPLE}`, headers: bearer(token) });

describe('camera passwords', () => {
  it('are not in any camera reply, even once the recorder reports its connection error', async () => {
    const failed = await eventually(
      async () => {
        const reply = await cameraList(manager);
        const status = reply.json<{ cameras: { uuid: string; error: string | null }[] }>().cameras.find((c) => c.uuid === camera);
        return status?.error ? reply : null;
      },
      30_000,
      'the recorder reports an error',
    );
    expect(failed.body).not.toContain(PASSWORD);
    expect(failed.body).not.toContain(encodeURIComponent(PASSWORD));
    const status = failed.json<{ cameras: { uuid: string; error: string }[] }>().cameras.find((c) => c.uuid === camera)!;
    // The manager (video/add) sees why; the URL in it has its credentials taken out.
    expect(status.error).not.toMatch(/admin:/);

    // A relative with recorded video only sees the state, not the error.
    const relative = await cameraList(family);
    expect(relative.statusCode).toBe(200);
    expect(relative.body).not.toContain(PASSWORD);
    expect(relative.json<{ cameras: { uuid: string; error: string | null }[] }>().cameras.find((c) => c.uuid === camera)?.error).toBeNull();
  });

  it('are in no log line', () => {
    expect(
      ctx.logs.some((line) => line.includes('camera disconnected')),
      'the failure was logged',
    ).toBe(true);
    const leaking = ctx.logs.filter((line) => line.includes(PASSWORD) || line.includes(encodeURIComponent(PASSWORD)));
    expect(leaking).toEqual([]);
  });

  it('are stored encrypted with the server secret', async () => {
    const row = await ctx.database.db
      .selectFrom('cameras')
      .select(['password', 'username'])
      .where('uuid', '=', camera)
      .executeTakeFirstOrThrow();
    expect(row.username).toBe('admin');
    expect(row.password).toMatch(/^v1:/);
    expect(row.password).not.toContain(PASSWORD);
  });
});

describe('editing a camera (PUT /api/v4/cameras/{uuid})', () => {
  const edit = (token: string, uuid: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PUT', url: `/api/v4/cameras/${uuid}`, headers: bearer(token), payload });

  it('renames it and changes its password (stored sealed), for holders of video/edit', async () => {
    const reply = await edit(manager, camera, { name: 'Back Door Floor 1', password: 'N3w-Secret!' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ ok: true, camera: { uuid: camera, name: 'Back Door Floor 1' } });
    const row = await ctx.database.db.selectFrom('cameras').selectAll().where('uuid', '=', camera).executeTakeFirstOrThrow();
    expect(row.description).toBe('Back Door Floor 1');
    expect(row.floor).toBe(1);
    expect(row.password).toMatch(/^v1:/);
    expect(row.password).not.toContain('N3w-Secret!');
  });

  it('refuses a relative, another building and nonsense, changing nothing', async () => {
    const before = await ctx.database.db.selectFrom('cameras').selectAll().where('uuid', '=', camera).executeTakeFirstOrThrow();
    // (A host outside the allowed networks is refused too: camera-hosts.test.ts, in a network namespace of its own.)
    expect((await edit(family, camera, { name: 'Mine now' })).statusCode).toBe(403);
    const birchOnly = await ctx.access.ensureUser('birch.editor@maple.example', 'Birch Editor');
    await ctx.access.grant(birchOnly.id, BIRCH, 'facility-manager');
    expect((await edit(await ctx.signIn('birch.editor@maple.example'), camera, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await edit(manager, camera, {})).statusCode).toBe(400);
    expect((await edit(manager, camera, { port: 70000 })).statusCode).toBe(400);
    const after = await ctx.database.db.selectFrom('cameras').selectAll().where('uuid', '=', camera).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });
});
