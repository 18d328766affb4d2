import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';

// Requests Node's parser refuses before any route sees them (headers too large, a malformed request line) are answered
// by the app's client-error handler: in the app's error shape, and without a body for HEAD (issue 36's fuzzer: a HEAD
// answered 431 carried JSON that no client can frame).
let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as { port: number }).port;
});
afterAll(() => ctx.close());

/** Sends `request` over a raw connection; resolves with every byte the server wrote before it closed the connection. */
function exchange(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let received = '';
    socket.on('data', (chunk) => (received += String(chunk)));
    socket.on('close', () => resolve(received));
    // The server may close before it has read all of a large request: what it wrote first is the answer.
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error),
    );
  });
}
const split = (reply: string) => {
  const end = reply.indexOf('\r\n\r\n');
  return { head: reply.slice(0, end), body: reply.slice(end + 4) };
};
const huge = `X-Filler: ${'a'.repeat(70_000)}\r\n`;

describe('requests refused before routing', () => {
  it('answers a HEAD with a 70 KB header 431 with no body', async () => {
    const { head, body } = split(await exchange(`HEAD /oidc/jwks HTTP/1.1\r\nHost: localhost\r\n${huge}\r\n`));
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(body).toBe('');
    expect(head).toMatch(/\r\nContent-Length: 0\r\nConnection: close$/);
  });

  it('answers a GET with a 20 KB header 431 with the app’s error shape', async () => {
    // Over the 16 KB limit within one read, so the refused piece holds the request line and its method.
    const large = `X-Filler: ${'a'.repeat(20_000)}\r\n`;
    const { head, body } = split(await exchange(`GET /oidc/jwks HTTP/1.1\r\nHost: localhost\r\n${large}\r\n`));
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
    expect(JSON.parse(body)).toEqual({ ok: false, statusCode: 431, error: 'The request’s headers are too large.' });
  });

  it('answers a HEAD whose large header arrives in small pieces 431 with no body', async () => {
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write('HEAD /api/v1/config HTTP/1.1\r\nHost: localhost\r\n');
        // Pieces far smaller than the header limit: the one that overflows it does not hold the request line.
        const piece = `X-Filler-${'b'.repeat(1000)}: 1\r\n`;
        const send = (left: number) => {
          if (left === 0 || socket.destroyed) return;
          socket.write(piece, () => setImmediate(() => send(left - 1)));
        };
        send(40);
      });
      let received = '';
      socket.on('data', (chunk) => (received += String(chunk)));
      socket.on('close', () => resolve(received));
      socket.on('error', (error: NodeJS.ErrnoException) =>
        error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error),
      );
    });
    const { head, body } = split(reply);
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(body).toBe('');
  });

  it('answers a malformed request 400 in the app’s error shape', async () => {
    const { head, body } = split(await exchange('GET /api/v1/config HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n'));
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(body)).toEqual({ ok: false, statusCode: 400, error: 'The request is not valid HTTP.' });
  });
});
