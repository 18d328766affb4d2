import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';

/** What the client is told when Node's parser refuses a request before any route sees it (the app's error shape). */
const REFUSALS: Record<string, { status: number; error: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, error: 'The request’s headers are too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, error: 'The request took too long to arrive.' },
};
const MALFORMED = { status: 400, error: 'The request is not valid HTTP.' };

/**
 * The method of the request a refused chunk begins with, or null when the chunk does not begin with a request line
 * (a long header arriving in pieces: the piece that overflows is not the first) or there is none (a timeout).
 */
export function refusedMethod(rawPacket: unknown): string | null {
  if (!Buffer.isBuffer(rawPacket)) return null;
  return /^([A-Z]{1,20}) \S/.exec(rawPacket.subarray(0, 32).toString('latin1'))?.[1] ?? null;
}

/**
 * The whole reply to a refused request, the connection closed after it. A HEAD reply has no body; neither has one
 * whose method is not known (it may be a HEAD), so Content-Length is 0 and any client can frame it.
 */
export function clientErrorReply(code: string | undefined, method: string | null): string {
  const { status, error } = (code && REFUSALS[code]) || MALFORMED;
  const body = method !== null && method !== 'HEAD' ? JSON.stringify({ ok: false, statusCode: status, error }) : '';
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** Fastify's clientErrorHandler: answers what the parser refused (431, 408, 400) and closes the connection. */
export function answerClientError(
  this: { log: FastifyBaseLogger },
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.trace({ err: error }, 'client error');
  if (socket.writable) socket.write(clientErrorReply(error.code, refusedMethod(error.rawPacket)));
  socket.destroy(error);
}
