import { join } from 'node:path';
import { LIVE } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../../test/harness.js';
import { eventually, processesWorkingIn } from '../../../test/rtsp-simulator.js';
import { systemClock } from '../../lib/clock.js';
import { MediaSigner } from '../../media/signing.js';
import { TestStreamService, NO_TEST_STREAM } from './test-stream.service.js';

let ctx: TestContext;
let token: string;
let closed = false;
const dir = () => join(ctx.config.video.mediaDir, 'test-stream');

beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.signIn('family@maple.example');
});
afterAll(async () => {
  if (!closed) await ctx?.close();
});

const openTestStream = () => ctx.app.inject({ method: 'POST', url: '/api/v1/hlsvideo/test-stream', headers: bearer(token), payload: {} });
const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('POST /api/v1/hlsvideo/test-stream', () => {
  it('needs a signed-in user', async () => {
    const reply = await ctx.app.inject({ method: 'POST', url: '/api/v1/hlsvideo/test-stream', payload: {} });
    expect(reply.statusCode).toBe(401);
  });

  it('gives a signed link valid 1 hour to a playlist that plays, from one generator however many ask', async () => {
    const [first, second] = await Promise.all([openTestStream(), openTestStream()]);
    expect(first!.statusCode, first!.body).toBe(200);
    expect(second!.statusCode, second!.body).toBe(200);
    const body = first!.json<{ ok: boolean; url: string; time_to_live: number; expires_at: string }>();
    expect(body.ok).toBe(true);
    expect(body.time_to_live).toBe(LIVE.fallbackStreamSeconds);
    const match = /^\/media\/(\d+)\.[\w-]{32}\/test-stream\/index\.m3u8$/.exec(body.url);
    expect(match, body.url).not.toBeNull();
    expect(Date.parse(body.expires_at)).toBe(Number(match![1]) * 1000);

    const playlist = await eventually(
      async () => {
        const reply = await get(body.url);
        return reply.statusCode === 200 && reply.body.includes('.ts') ? reply : null;
      },
      20_000,
      'a playlist with a segment',
    );
    expect(playlist.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(playlist.headers['cache-control']).toBe('no-cache, no-store');
    const segment = playlist.body.split('\n').find((line) => /^seg\d+\.ts$/.test(line))!;
    const media = await get(body.url.replace('index.m3u8', segment));
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('video/mp2t');
    expect(media.rawPayload.length).toBeGreaterThan(1000);
    expect(await processesWorkingIn(dir())).toHaveLength(1);
  });

  it('serves its files only with a valid signature, and nothing else from the folder', async () => {
    const { url } = (await openTestStream()).json<{ url: string }>();
    expect((await get(url.replace(/\.[\w-]{32}\//, `.${'A'.repeat(32)}/`))).statusCode).toBe(403);
    expect((await get(url.replace('index.m3u8', 'other.txt'))).statusCode).toBe(400);
  });

  it('stops the generator once nobody fetched the playlist for a minute, and starts it again when asked', async () => {
    const { url } = (await openTestStream()).json<{ url: string }>();
    ctx.clock.advance(61_000);
    // Watched without fetching the playlist (which would keep it going).
    await eventually(async () => (await processesWorkingIn(dir())).length === 0, 20_000, 'the idle generator to stop');
    expect((await get(url)).statusCode).toBe(404);
    const again = await openTestStream();
    expect(again.statusCode).toBe(200);
    await eventually(async () => (await get(again.json<{ url: string }>().url)).statusCode === 200, 20_000, 'the playlist again');
  });

  it('ends the generator when the server closes', async () => {
    expect(await processesWorkingIn(dir())).toHaveLength(1);
    const folder = dir();
    closed = true;
    await ctx.close();
    expect(await processesWorkingIn(folder)).toEqual([]);
  });
});

describe('TestStreamService without ffmpeg', () => {
  it('refuses with 409 and says why', async () => {
    const service = new TestStreamService({ generator: null, signer: new MediaSigner(Buffer.from('secret')), clock: systemClock });
    await expect(service.open()).rejects.toMatchObject({ statusCode: 409, message: NO_TEST_STREAM });
  });
});
