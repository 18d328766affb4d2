import { Agent } from 'node:https';
import ipaddr from 'ipaddr.js';
import webpush, { WebPushError } from 'web-push';
import { endpointHost, endpointHostPort, publicAddress, publicOnlyLookup } from './push-endpoint.js';

/** A device to push to: its endpoint and keys, as the browser gave them. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSendOptions {
  /** seconds the push service keeps it for a device that is off */
  ttlSeconds: number;
  /** a newer push with the same topic replaces an undelivered one */
  topic?: string;
}

/** What the push service said: taken, refused (with its status), or not reached. Never the endpoint's path. */
export type PushSendResult =
  | { ok: true; status: number }
  | { ok: false; kind: 'status'; status: number; retryAfterMs: number | null; error: string }
  | { ok: false; kind: 'network'; error: string }
  /** the endpoint is not (or no longer) on a public address: nothing was sent */
  | { ok: false; kind: 'refused'; error: string };

export interface PushSender {
  send(target: PushTarget, payload: Buffer, options: PushSendOptions): Promise<PushSendResult>;
}

/** A Retry-After header (seconds, or an HTTP date) as milliseconds from now, or null. */
export function retryAfterMs(header: string | string[] | undefined, now: number): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const SEND_TIMEOUT_MS = 10_000;
/** A VAPID token is signed for this long and used until an hour before it ends (RFC 8292 allows up to 24 h). */
const VAPID_TOKEN_SECONDS = 12 * 3600;
const VAPID_RENEW_SECONDS = 3600;

/**
 * Web Push with the `web-push` package (RFC 8291 aes128gcm payloads, RFC 8292 VAPID), high urgency. Every connection
 * goes through a lookup that refuses non-public addresses (a name resolved again at each connection), except to the
 * hosts VIGIL_PUSH_ALLOW_HOSTS admits.
 */
export class WebPushSender implements PushSender {
  private readonly guarded = new Agent({ keepAlive: true, maxSockets: 64, lookup: publicOnlyLookup });
  private readonly admitted = new Agent({ keepAlive: true, maxSockets: 64 });
  /** the Authorization header per push service origin: signing one costs milliseconds, and 200 devices share a few */
  private readonly tokens = new Map<string, { header: string; exp: number }>();

  constructor(
    private readonly vapid: { subject: string; publicKey: string; privateKey: string },
    private readonly allowHosts: readonly string[],
  ) {}

  async send(target: PushTarget, payload: Buffer, options: PushSendOptions): Promise<PushSendResult> {
    let url: URL;
    try {
      url = new URL(target.endpoint);
    } catch {
      return { ok: false, kind: 'refused', error: 'the endpoint is not a URL' };
    }
    const admitted = this.allowHosts.includes(endpointHostPort(url));
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    // An address in the URL is never looked up: it is checked here.
    if (url.protocol !== 'https:' || (!admitted && ipaddr.isValid(host) && !publicAddress(host)))
      return { ok: false, kind: 'refused', error: `${endpointHost(target.endpoint)} is not a push service on a public address` };
    try {
      const reply = await webpush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          // VAPID (RFC 8292) by a header signed once per push service, not per push
          headers: { Authorization: this.authorization(url.origin) },
          TTL: options.ttlSeconds,
          urgency: 'high',
          ...(options.topic && { topic: options.topic }),
          agent: admitted ? this.admitted : this.guarded,
          timeout: SEND_TIMEOUT_MS,
        },
      );
      return { ok: true, status: reply.statusCode };
    } catch (err) {
      if (err instanceof WebPushError)
        return {
          ok: false,
          kind: 'status',
          status: err.statusCode,
          retryAfterMs: retryAfterMs(err.headers?.['retry-after'], Date.now()),
          error: `the push service answered ${err.statusCode}`,
        };
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EPUSHNOTPUBLIC')
        return { ok: false, kind: 'refused', error: `${endpointHost(target.endpoint)} is not a push service on a public address` };
      // (the message of a network error names the host at most, never the path)
      return { ok: false, kind: 'network', error: code ?? (err instanceof Error ? err.message : String(err)) };
    }
  }

  /** The VAPID header for a push service (its origin is the token's audience), signed again an hour before it ends. */
  private authorization(audience: string): string {
    const now = Math.floor(Date.now() / 1000);
    const kept = this.tokens.get(audience);
    if (kept && kept.exp - VAPID_RENEW_SECONDS > now) return kept.header;
    const exp = now + VAPID_TOKEN_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      this.vapid.subject,
      this.vapid.publicKey,
      this.vapid.privateKey,
      'aes128gcm',
      exp,
    );
    this.tokens.set(audience, { header: Authorization, exp });
    return Authorization;
  }

  close(): void {
    this.guarded.destroy();
    this.admitted.destroy();
  }
}
