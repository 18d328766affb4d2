import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

// The built-in provider's routes answer every request at once, a bad one with 400, 413 or 415: over a real connection,
// since what went wrong was a body left unread (or half read) and a client waiting to send it.
let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as { port: number }).port;
});
afterAll(() => ctx.close());

interface Answer {
  status: number;
  body: string;
}

/**
 * POSTs to /oidc/token like a plain HTTP client on a kept-alive connection (a body of known length, or chunked without
 * one), reading the answer while it sends. Fails unless the answer comes and the client is done sending (the server
 * read the body or closed the connection) within 5 s: a body left half read leaves the client stuck mid-send.
 */
function postToken(contentType: string, body: string, options: { chunked?: boolean } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const bytes = Buffer.from(body);
    const headers = { 'content-type': contentType, ...(!options.chunked && { 'content-length': bytes.length }) };
    const agent = new http.Agent({ keepAlive: true });
    let answer: Answer | undefined;
    let sent = false;
    const settle = () => {
      if (!answer || !sent) return;
      agent.destroy();
      resolve(answer);
    };
    const request = http.request({ host: '127.0.0.1', port, path: '/oidc/token', method: 'POST', headers, agent }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += String(chunk)));
      response.on('end', () => {
        answer = { status: response.statusCode ?? 0, body: text };
        settle();
      });
    });
    const timer = setTimeout(() => {
      agent.destroy();
      reject(new Error(answer ? 'answered, but the client could not finish sending within 5 s' : 'no answer within 5 s'));
    }, 5000);
    // A server that answered early may close the connection before the client has sent the rest: that is done too.
    request.on('error', (error) => (answer ? undefined : reject(error)));
    request.on('close', () => {
      clearTimeout(timer);
      sent = true;
      settle();
    });
    void (async () => {
      for (let offset = 0; offset < bytes.length && !request.destroyed; offset += 64 * 1024)
        if (!request.write(bytes.subarray(offset, offset + 64 * 1024))) await new Promise((drain) => request.once('drain', drain));
      request.end();
    })().catch(() => undefined);
  });
}

describe('POST /oidc/token', () => {
  it('answers a JSON body 415 at once', async () => {
    expect(await postToken('application/json', '{"grant_type":"authorization_code"}')).toEqual({
      status: 415,
      body: JSON.stringify({ ok: false, statusCode: 415, error: 'Unsupported Media Type' }),
    });
  });

  it('answers an XML body 415 at once', async () => {
    expect((await postToken('application/xml', '<grant_type>authorization_code</grant_type>')).status).toBe(415);
  });

  it('answers a multipart body 415 at once', async () => {
    const form = '--b\r\nContent-Disposition: form-data; name="grant_type"\r\n\r\nauthorization_code\r\n--b--\r\n';
    expect((await postToken('multipart/form-data; boundary=b', form)).status).toBe(415);
  });

  it('answers a 2 MB form 413 at once', async () => {
    expect(await postToken('application/x-www-form-urlencoded', `a=${'x'.repeat(2 * 1024 * 1024)}`)).toEqual({
      status: 413,
      body: JSON.stringify({ ok: false, statusCode: 413, error: 'Request body is too large' }),
    });
  });

  it('answers a 20 MB form sent without a length 413 at once', async () => {
    expect((await postToken('application/x-www-form-urlencoded', `a=${'x'.repeat(20 * 1024 * 1024)}`, { chunked: true })).status).toBe(413);
  });

  it('still hands a form to the provider, which reads it (the client id) and answers in OAuth terms', async () => {
    const answer = await postToken('application/x-www-form-urlencoded', 'client_id=vigil-demo-google');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: 'invalid_request', error_description: "missing required parameter 'grant_type'" });
  });
});
