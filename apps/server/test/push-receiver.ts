// A push service on loopback, as a phone's browser and its push service are together: it makes each device's keys (a
// P-256 key pair and a 16-byte auth secret, as a browser does), checks every push's VAPID header (RFC 8292: an ES256
// JWT signed by the installation's key, for this origin, expiring within 24 h), decrypts its payload (RFC 8291,
// aes128gcm) with the device's private key, and answers 201, or what a test asks for. Used by the server tests, the
// e2e and the benchmark: the server must trust its certificate (NODE_EXTRA_CA_CERTS, scripts/lib/test-certs.mjs) and
// admit its host (VIGIL_PUSH_ALLOW_HOSTS=<hostPort>).
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';

/**
 * The receiver's certificate: the one scripts/lib/test-certs.mjs made beside the CA that NODE_EXTRA_CA_CERTS names
 * (Node reads that variable only when it starts, so the test run sets it: `npm test` does; by hand, see the README).
 */
export function receiverCertsFromEnv(): { cert: string; key: string } {
  const ca = process.env.NODE_EXTRA_CA_CERTS;
  const how =
    'run the tests with NODE_EXTRA_CA_CERTS=<dir>/ca.pem, <dir> made by makeTestCerts() of scripts/lib/test-certs.mjs ' +
    '(npm test does this)';
  if (!ca) throw new Error(`NODE_EXTRA_CA_CERTS is not set: ${how}`);
  const cert = join(dirname(ca), 'server.pem');
  const key = join(dirname(ca), 'server.key');
  if (!existsSync(cert) || !existsSync(key)) throw new Error(`no server.pem and server.key beside ${ca}: ${how}`);
  return { cert, key };
}

/** What a browser's PushSubscription.toJSON() gives the page. */
export interface BrowserSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  /** the device it was for */
  device: string;
  /** when the receiver had read it (Date.now()) */
  at: number;
  /** what it answered */
  status: number;
  headers: { ttl: number | null; urgency: string | null; topic: string | null; contentEncoding: string | null };
  /** the VAPID token's claims (checked: signature, audience, expiry) */
  vapid: { aud: string; exp: number; sub: string };
  /** the payload, decrypted */
  plaintext: string;
  /** the payload as JSON */
  message: unknown;
}

/** A push the receiver refused before reading it (bad VAPID, undecryptable payload, unknown device). */
export interface RefusedPush {
  device: string | null;
  status: number;
  reason: string;
}

export interface PushDevice {
  id: string;
  endpoint: string;
  subscription: BrowserSubscription;
  /** what this device was sent, in order */
  received: ReceivedPush[];
  /** the next pushes are answered with these (then 201 again), e.g. 500 once, or 410 for good with `always` */
  answer(status: number, options?: { times?: number; always?: boolean; headers?: Record<string, string> }): void;
}

export interface PushReceiver {
  /** https://127.0.0.1:<port> */
  origin: string;
  /** 127.0.0.1:<port>, for VIGIL_PUSH_ALLOW_HOSTS */
  hostPort: string;
  /** every push read, for all devices, in order */
  received: ReceivedPush[];
  refused: RefusedPush[];
  /** a new device (its own keys and endpoint) */
  device(): PushDevice;
  /** resolves once `done(received)` holds (checked at each push), rejects after `timeoutMs` */
  until(done: (received: ReceivedPush[]) => boolean, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

const b64u = (buffer: Buffer) => buffer.toString('base64url');
const hmac = (key: Buffer, ...data: Buffer[]) => {
  const h = createHmac('sha256', key);
  for (const d of data) h.update(d);
  return h.digest();
};

interface DeviceKeys {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
}

/** RFC 8291 + RFC 8188 (aes128gcm): the plaintext of a push body, with the device's private key and auth secret. */
export function decryptPush(body: Buffer, keys: DeviceKeys): Buffer {
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idlen);
  if (idlen !== 65 || senderPublic[0] !== 0x04) throw new Error('the key id is not an uncompressed P-256 point');
  if (rs < 18) throw new Error('record size too small');
  const shared = keys.ecdh.computeSecret(senderPublic);
  // RFC 8291 §3.4: the input keying material from the ECDH secret, the auth secret and both public keys
  const prkKey = hmac(keys.auth, shared);
  const ikm = hmac(prkKey, Buffer.from('WebPush: info\0'), keys.publicKey, senderPublic, Buffer.from([1]));
  // RFC 8188 §2.2: the content-encryption key and the nonce from the salt
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0'), Buffer.from([1])).subarray(0, 16);
  const nonceBase = hmac(prk, Buffer.from('Content-Encoding: nonce\0'), Buffer.from([1])).subarray(0, 12);
  const records = body.subarray(21 + idlen);
  const out: Buffer[] = [];
  for (let offset = 0, seq = 0; offset < records.length; offset += rs, seq += 1) {
    const record = records.subarray(offset, offset + rs);
    const nonce = Buffer.from(nonceBase);
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // padding: the delimiter (2 in the last record, 1 before) then zeros
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end -= 1;
    const last = offset + rs >= records.length;
    if (end < 0 || plain[end] !== (last ? 2 : 1)) throw new Error('bad padding delimiter');
    out.push(plain.subarray(0, end));
  }
  return Buffer.concat(out);
}

/** RFC 8292: checks `vapid t=<jwt>, k=<key>`; the claims, or why not. */
export function verifyVapid(
  authorization: string | undefined,
  expected: { publicKey: string; audience: string; now: number },
): { aud: string; exp: number; sub: string } | string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) return 'no vapid Authorization header';
  const [, jwt, k] = match as unknown as [string, string, string];
  if (k !== expected.publicKey) return "the header's key is not the installation's";
  const [header, payload, signature] = jwt.split('.');
  if (!header || !payload || !signature) return 'not a JWT';
  if ((JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string }).alg !== 'ES256') return 'not ES256';
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return 'bad signature';
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (claims.aud !== expected.audience) return `audience ${claims.aud} is not ${expected.audience}`;
  const nowSeconds = Math.floor(expected.now / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds || claims.exp > nowSeconds + 24 * 3600) return 'exp not within 24 h';
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) return 'sub is not mailto: or https:';
  return { aud: claims.aud, exp: claims.exp, sub: claims.sub };
}

/**
 * Starts the receiver on 127.0.0.1 with the given certificate (PEM files). `vapidPublicKey` is the installation's
 * (GET /api/v1/push/key): a push signed with any other is refused with 403, as a push service would. `port`: a fixed
 * one (a server started before the receiver, which admits it by VIGIL_PUSH_ALLOW_HOSTS, as the e2e's); default any free one.
 */
export async function startPushReceiver(options: {
  cert: string;
  key: string;
  vapidPublicKey: string;
  port?: number;
}): Promise<PushReceiver> {
  const devices = new Map<
    string,
    { keys: DeviceKeys; device: PushDevice; answers: { status: number; headers: Record<string, string>; left: number }[] }
  >();
  const received: ReceivedPush[] = [];
  const refused: RefusedPush[] = [];
  const events = new EventEmitter();
  events.setMaxListeners(0);
  let origin = '';

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const id = /^\/push\/([0-9a-f-]{36})$/.exec(request.url ?? '')?.[1] ?? null;
    const entry = id ? devices.get(id) : undefined;
    const refuse = (status: number, reason: string) => {
      refused.push({ device: id, status, reason });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
      events.emit('push');
    };
    if (request.method !== 'POST' || !entry) return refuse(404, 'no such subscription');
    const vapid = verifyVapid(request.headers.authorization, { publicKey: options.vapidPublicKey, audience: origin, now: Date.now() });
    if (typeof vapid === 'string') return refuse(403, vapid);
    if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'not aes128gcm');
    let plaintext: string;
    try {
      plaintext = decryptPush(body, entry.keys).toString('utf8');
    } catch (err) {
      return refuse(400, `undecryptable: ${(err as Error).message}`);
    }
    const next = entry.answers[0];
    const status = next?.status ?? 201;
    if (next && next.left !== Infinity && --next.left <= 0) entry.answers.shift();
    let message: unknown;
    try {
      message = JSON.parse(plaintext);
    } catch {
      message = undefined;
    }
    const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : null);
    const push: ReceivedPush = {
      device: entry.device.id,
      at: Date.now(),
      status,
      headers: {
        ttl: header('ttl') === null ? null : Number(header('ttl')),
        urgency: header('urgency'),
        topic: header('topic'),
        contentEncoding: header('content-encoding'),
      },
      vapid,
      plaintext,
      message,
    };
    received.push(push);
    entry.device.received.push(push);
    response
      .writeHead(status, { ...(next?.headers ?? {}), ...(status === 201 && { location: `${origin}/message/${randomUUID()}` }) })
      .end();
    events.emit('push');
  };

  const server = createServer({ cert: readFileSync(options.cert), key: readFileSync(options.key) }, (request, response) => {
    handle(request, response).catch((err: unknown) => {
      refused.push({ device: null, status: 500, reason: String(err) });
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  origin = `https://127.0.0.1:${port}`;

  return {
    origin,
    hostPort: `127.0.0.1:${port}`,
    received,
    refused,
    device() {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      const endpoint = `${origin}/push/${id}`;
      const answers: { status: number; headers: Record<string, string>; left: number }[] = [];
      const device: PushDevice = {
        id,
        endpoint,
        subscription: { endpoint, expirationTime: null, keys: { p256dh: b64u(publicKey), auth: b64u(auth) } },
        received: [],
        answer(status, how = {}) {
          answers.push({ status, headers: how.headers ?? {}, left: how.always ? Infinity : (how.times ?? 1) });
        },
      };
      devices.set(id, { keys: { ecdh, publicKey, auth }, device, answers });
      return device;
    },
    until(done, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!done(received)) return;
          clearTimeout(timer);
          events.off('push', check);
          resolve(received);
        };
        const timer = setTimeout(() => {
          events.off('push', check);
          reject(
            new Error(
              `the push receiver did not get what was awaited in ${timeoutMs} ms (${received.length} received, ${refused.length} refused: ${refused.map((r) => r.reason).join('; ')})`,
            ),
          );
        }, timeoutMs);
        events.on('push', check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
