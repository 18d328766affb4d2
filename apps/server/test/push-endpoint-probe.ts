// Run by push-endpoint-namespace.test.ts inside its own network namespace (unshare -n): it names public addresses and
// a real push service's host, so even if the guard failed, no packet could leave the machine. Prints what it found,
// as JSON on the last line.
import { randomBytes, createECDH } from 'node:crypto';
import webpush from 'web-push';
import { endpointRefusal, publicAddress } from '../src/modules/delivery/push-endpoint.js';
import { WebPushSender } from '../src/modules/delivery/push-sender.js';
import { MAPLE, bearer, createTestContext } from './harness.js';

const table: Record<string, string[]> = {
  'fcm.googleapis.com': ['142.250.74.74', '2a00:1450:4001:82b::200a'],
  'web.push.apple.com': ['17.188.184.14'],
  'mixed.example': ['142.250.74.74', '10.0.0.7'],
};
const fake = async (host: string) => {
  const found = table[host];
  if (!found) throw new Error('ENOTFOUND');
  return found;
};

const addresses = Object.fromEntries(['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888', '::ffff:8.8.8.8'].map((a) => [a, publicAddress(a)]));
const refusals = {
  fcm: await endpointRefusal('https://fcm.googleapis.com/fcm/send/abc', [], fake),
  apple: await endpointRefusal('https://web.push.apple.com/QGuQ', [], fake),
  mixed: await endpointRefusal('https://mixed.example/x', [], fake),
  literal: await endpointRefusal('https://8.8.8.8/push/x', [], fake),
  // the system's resolver, here without any network: the name does not resolve, so it is refused
  fcmHere: await endpointRefusal('https://fcm.googleapis.com/fcm/send/abc', [], async (host) => {
    const { lookup } = await import('node:dns/promises');
    return (await lookup(host, { all: true })).map((a) => a.address);
  }),
};

// At send: a public address is tried (and cannot be reached here); a private one and a name of loopback are refused
// before any connection.
const device = createECDH('prime256v1');
const keys = { p256dh: device.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
const sender = new WebPushSender({ subject: 'mailto:it@care.example', ...webpush.generateVAPIDKeys() }, []);
const payload = Buffer.from('{}');
const sends = {
  public: await sender.send({ endpoint: 'https://8.8.8.8/push/x', ...keys }, payload, { ttlSeconds: 60 }),
  private: await sender.send({ endpoint: 'https://192.168.1.20/push/x', ...keys }, payload, { ttlSeconds: 60 }),
  localhost: await sender.send({ endpoint: 'https://localhost:8443/push/x', ...keys }, payload, { ttlSeconds: 60 }),
};
sender.close();

// Through the API: a public endpoint is taken, a private one refused.
const ctx = await createTestContext();
const nurse = await ctx.signIn('nurse@maple.example');
const subscribe = async (endpoint: string) =>
  (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/push/subscriptions',
      headers: bearer(nurse),
      payload: { domain_uuid: MAPLE, device_label: 'Probe', subscription: { endpoint, keys } },
    })
  ).statusCode;
const api = { public: await subscribe('https://8.8.8.8/push/probe'), private: await subscribe('https://192.168.1.20/push/probe') };
await ctx.close();
console.log(JSON.stringify({ addresses, refusals, sends, api }));
process.exit(0);
