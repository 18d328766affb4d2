import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed media URLs: /media/<expires>.<signature>/<path>. The signature covers the expiry and either the
 * exact path or a folder prefix ending in '/', so an HLS playlist's relative segment URLs stay signed.
 */
export class MediaSigner {
  constructor(
    private readonly secret: Buffer,
    private readonly prefix = '/media',
  ) {}

  private mac(expiresAt: number, scope: string): string {
    return createHmac('sha256', this.secret).update(`media:${expiresAt}:${scope}`).digest('base64url').slice(0, 32);
  }

  /** A URL for one file, or for everything under `scope` when it ends in '/' (then `file` names the entry point). */
  sign(scope: string, expiresAt: number, file = ''): string {
    const path = scope.endsWith('/') ? `${scope}${file}` : scope;
    return `${this.prefix}/${Math.floor(expiresAt / 1000)}.${this.mac(Math.floor(expiresAt / 1000), scope)}/${path}`;
  }

  /** The media path a signed URL grants, or a reason it does not. */
  verify(token: string, path: string, now: number): { ok: true } | { ok: false; reason: 'malformed' | 'expired' | 'signature' } {
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{32})$/.exec(token);
    if (!match) return { ok: false, reason: 'malformed' };
    // A folder signature must not reach outside its folder through '.' or '..' segments.
    if (path.split('/').some((segment) => segment === '.' || segment === '..')) return { ok: false, reason: 'signature' };
    const expires = Number(match[1]);
    const given = Buffer.from(match[2]!);
    const scopes = [path];
    for (let i = path.lastIndexOf('/'); i > 0; i = path.lastIndexOf('/', i - 1)) scopes.push(path.slice(0, i + 1));
    const valid = scopes.some((scope) => {
      const expected = Buffer.from(this.mac(expires, scope));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
    if (!valid) return { ok: false, reason: 'signature' };
    if (expires * 1000 < now) return { ok: false, reason: 'expired' };
    return { ok: true };
  }
}

/**
 * An expiry at least `ttlMs` after `now`, rounded up to a whole `stepMs`: links to one file signed within the same step
 * are the same URL, so the browser's cache and a prefetch of it serve the link the next reply hands out.
 */
export const stableExpiry = (now: number, ttlMs: number, stepMs: number): number => Math.ceil((now + ttlMs) / stepMs) * stepMs;
