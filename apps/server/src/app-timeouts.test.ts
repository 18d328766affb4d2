import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE, bearer, createTestContext, detectorKey, type TestContext } from '../test/harness.js';

// Every request gets an answer or is cut: a body or headers sent slowly must not hold a connection forever.
let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestContext({ VIGIL_REQUEST_TIMEOUT_MS: '1000', VIGIL_IDLE_TIMEOUT_MS: '3000' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as { port: number }).port;
});
afterAll(() => ctx.close());

/** Sends `head` (and nothing more) over a raw connection; resolves with what the server wrote before closing it. */
function sendAndWaitForClose(head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let received = '';
    socket.on('data', (chunk) => (received += String(chunk)));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

describe('requests that never finish', () => {
  it('a body sent slowly (10 of 1000 bytes, then nothing) is answered 408 and the connection closed', async () => {
    const answer = await sendAndWaitForClose(
      'POST /api/v4/oauth HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"provider"',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('headers that never end are cut too', async () => {
    const answer = await sendAndWaitForClose('GET /api/v1/config HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1\r\n');
    expect(answer === '' || /^HTTP\/1\.1 408/.test(answer)).toBe(true);
  });

  it('an unknown or expired sign-in interaction is answered at once, not left open', async () => {
    const answer = await sendAndWaitForClose(
      'POST /interaction/unknown-id/login HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 25\r\n\r\nemail=staff%40vigil.examp',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 4\d\d/);
  });
});

describe('requests that wait on purpose', () => {
  it("an analyzer's long poll answers (nothing changed) before the idle-connection timeout could cut it", async () => {
    const key = await detectorKey(ctx, await ctx.signIn('manager@maple.example'), MAPLE, 'long poll', ['analyzer']);
    const analyzer = 'a0000000-0000-4000-8000-0000000000f1';
    const base = `http://127.0.0.1:${port}`;
    const beat = await fetch(`${base}/api/ingest/v1/analyzers/heartbeat`, {
      method: 'POST',
      headers: { ...bearer(key), 'content-type': 'application/json' },
      body: JSON.stringify({ analyzer_id: analyzer, name: 'long poll', capacity: 4 }),
    });
    const { changes_version } = (await beat.json()) as { changes_version: string };
    const poll = await fetch(`${base}/api/ingest/v1/analyzers/changes?analyzer_id=${analyzer}&since=${changes_version}`, {
      headers: bearer(key),
    });
    expect(poll.status).toBe(200);
    expect(await poll.json()).toMatchObject({ ok: true, changed: false, version: changes_version });
  });
});
