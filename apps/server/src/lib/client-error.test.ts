import { describe, expect, it } from 'vitest';
import { clientErrorReply, refusedMethod } from './client-error.js';

const parts = (reply: string) => {
  const end = reply.indexOf('\r\n\r\n');
  return { head: reply.slice(0, end).split('\r\n'), body: reply.slice(end + 4) };
};

describe('the reply to a request the parser refused', () => {
  it('is 431, 408 or 400 in the app’s error shape, its length given, the connection closed', () => {
    const { head, body } = parts(clientErrorReply('HPE_HEADER_OVERFLOW', 'GET'));
    expect(head).toEqual([
      'HTTP/1.1 431 Request Header Fields Too Large',
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
    ]);
    expect(JSON.parse(body)).toEqual({ ok: false, statusCode: 431, error: 'The request’s headers are too large.' });
    expect(parts(clientErrorReply('ERR_HTTP_REQUEST_TIMEOUT', 'POST')).head[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(parts(clientErrorReply('HPE_INVALID_HEADER_TOKEN', 'GET')).head[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(parts(clientErrorReply(undefined, 'GET')).head[0]).toBe('HTTP/1.1 400 Bad Request');
  });

  it('has no body for a HEAD, nor when the method is not known', () => {
    for (const method of ['HEAD', null]) {
      const reply = clientErrorReply('HPE_HEADER_OVERFLOW', method);
      expect(reply.endsWith('\r\nContent-Length: 0\r\nConnection: close\r\n\r\n')).toBe(true);
    }
  });

  it('knows the method only from a piece that begins with the request line', () => {
    expect(refusedMethod(Buffer.from('HEAD /oidc/jwks HTTP/1.1\r\nX: y'))).toBe('HEAD');
    expect(refusedMethod(Buffer.from('POST /api/v4/oauth HTTP/1.1\r\n'))).toBe('POST');
    expect(refusedMethod(Buffer.from('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n'))).toBeNull();
    expect(refusedMethod(Buffer.from('head / HTTP/1.1'))).toBeNull();
    expect(refusedMethod(undefined)).toBeNull();
    expect(refusedMethod({ type: 'Buffer', data: [72] })).toBeNull();
  });
});
