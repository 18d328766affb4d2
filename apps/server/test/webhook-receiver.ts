import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A webhook's signature check, as the README shows it to a receiver's author: the HMAC-SHA256 of "<timestamp>.<raw
 * body>" keyed with the signing secret, compared in constant time, and a timestamp no older (nor newer) than 5 minutes.
 */
export function verifyVigil(secret: string, headers: IncomingHttpHeaders, rawBody: Buffer | string, toleranceSeconds = 300): boolean {
  const timestamp = headers['x-vigil-timestamp'];
  const signature = headers['x-vigil-signature'];
  if (typeof timestamp !== 'string' || typeof signature !== 'string' || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const expected = 'sha256=' + createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
  const a = Buffer.from(signature);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** when it arrived (ms, this process's clock) */
  at: number;
  /** what the receiver answered */
  status: number;
}

/**
 * A nurse-call gateway on loopback: keeps every request it gets and answers each with the status `answer` gives for
 * it (by its number, from 0). `url` is where it listens.
 */
export async function startWebhookReceiver(answer: (n: number, request: Omit<ReceivedRequest, 'status'>) => number = () => 200) {
  const requests: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const received = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks), at: Date.now() };
      const status = answer(requests.length, received);
      requests.push({ ...received, status });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 400 ? `answered ${status}` : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
