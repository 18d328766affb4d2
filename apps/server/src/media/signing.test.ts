import { describe, expect, it } from 'vitest';
import { MediaSigner, stableExpiry } from './signing.js';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const LATER = NOW + 3600_000;
const signer = new MediaSigner(Buffer.from('a test secret of enough length for hmac'));

/** Splits /media/<token>/<path> into the token and path the media route hands to verify. */
function split(url: string): { token: string; path: string } {
  const match = /^\/media\/([^/]+)\/(.*)$/.exec(url);
  if (!match) throw new Error(`not a media URL: ${url}`);
  return { token: match[1]!, path: match[2]! };
}

describe('MediaSigner.sign', () => {
  it('writes /media/<expiry seconds>.<32-char signature>/<path>', () => {
    const url = signer.sign('clips/cam-1/20261122T053448330Z.mp4', LATER + 999);
    const { token, path } = split(url);
    expect(token).toMatch(/^\d+\.[A-Za-z0-9_-]{32}$/);
    expect(token.split('.')[0]).toBe(String(LATER / 1000));
    expect(path).toBe('clips/cam-1/20261122T053448330Z.mp4');
  });

  it('puts the entry file after a folder scope', () => {
    expect(split(signer.sign('live/cam-1/', LATER, 'index.m3u8')).path).toBe('live/cam-1/index.m3u8');
  });

  it('uses the configured prefix', () => {
    expect(new MediaSigner(Buffer.from('s'), '/files').sign('a.mp4', LATER).startsWith('/files/')).toBe(true);
  });
});

describe('MediaSigner.verify', () => {
  it('grants a signed file for that exact path only', () => {
    const { token, path } = split(signer.sign('clips/cam-1/a.mp4', LATER));
    expect(signer.verify(token, path, NOW)).toEqual({ ok: true });
    expect(signer.verify(token, 'clips/cam-1/b.mp4', NOW)).toEqual({ ok: false, reason: 'signature' });
    expect(signer.verify(token, 'clips/cam-1/a.mp4x', NOW)).toEqual({ ok: false, reason: 'signature' });
    expect(signer.verify(token, 'clips/cam-1/a.mp4/x', NOW)).toEqual({ ok: false, reason: 'signature' });
    expect(signer.verify(token, 'clips/cam-1/', NOW)).toEqual({ ok: false, reason: 'signature' });
  });

  it('grants everything under a folder scope, at any depth', () => {
    const { token } = split(signer.sign('live/cam-1/', LATER, 'index.m3u8'));
    expect(signer.verify(token, 'live/cam-1/index.m3u8', NOW)).toEqual({ ok: true });
    expect(signer.verify(token, 'live/cam-1/seg12.ts', NOW)).toEqual({ ok: true });
    expect(signer.verify(token, 'live/cam-1/sub/seg1.ts', NOW)).toEqual({ ok: true });
  });

  it('does not grant a sibling or parent folder from a folder scope', () => {
    const { token } = split(signer.sign('live/cam-1/', LATER, 'index.m3u8'));
    expect(signer.verify(token, 'live/cam-2/index.m3u8', NOW)).toEqual({ ok: false, reason: 'signature' });
    expect(signer.verify(token, 'live/cam-10/index.m3u8', NOW)).toEqual({ ok: false, reason: 'signature' });
    expect(signer.verify(token, 'live/index.m3u8', NOW)).toEqual({ ok: false, reason: 'signature' });
    expect(signer.verify(token, 'clips/cam-1/index.m3u8', NOW)).toEqual({ ok: false, reason: 'signature' });
  });

  it("does not let a folder scope reach outside through '..' or '.' segments", () => {
    const { token } = split(signer.sign('live/cam-1/', LATER, 'index.m3u8'));
    expect(signer.verify(token, 'live/cam-1/../cam-2/index.m3u8', NOW)).toEqual({ ok: false, reason: 'signature' });
    expect(signer.verify(token, 'live/cam-1/../../exports/x.mp4', NOW)).toEqual({ ok: false, reason: 'signature' });
    expect(signer.verify(token, 'live/cam-1/./index.m3u8', NOW)).toEqual({ ok: false, reason: 'signature' });
  });

  it("does not treat a file scope as a prefix: 'clips/a' does not grant 'clips/ab/x'", () => {
    const file = split(signer.sign('clips/a', LATER));
    expect(signer.verify(file.token, 'clips/a', NOW)).toEqual({ ok: true });
    expect(signer.verify(file.token, 'clips/ab/x', NOW)).toEqual({ ok: false, reason: 'signature' });
    expect(signer.verify(file.token, 'clips/a/x', NOW)).toEqual({ ok: false, reason: 'signature' });
    const folder = split(signer.sign('clips/a/', LATER, 'x'));
    expect(signer.verify(folder.token, 'clips/ab/x', NOW)).toEqual({ ok: false, reason: 'signature' });
  });

  it('expires after the expiry second and not before', () => {
    const { token, path } = split(signer.sign('clips/cam-1/a.mp4', LATER));
    expect(signer.verify(token, path, LATER)).toEqual({ ok: true });
    expect(signer.verify(token, path, LATER + 1)).toEqual({ ok: false, reason: 'expired' });
    expect(signer.verify(token, path, LATER + 86_400_000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a tampered signature or a changed expiry', () => {
    const { token, path } = split(signer.sign('clips/cam-1/a.mp4', LATER));
    const [expires, mac] = token.split('.') as [string, string];
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    expect(signer.verify(`${expires}.${flipped}`, path, NOW)).toEqual({ ok: false, reason: 'signature' });
    expect(signer.verify(`${Number(expires) + 3600}.${mac}`, path, NOW)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses a signature made with another secret', () => {
    const other = new MediaSigner(Buffer.from('another secret entirely'));
    const { token, path } = split(other.sign('clips/cam-1/a.mp4', LATER));
    expect(signer.verify(token, path, NOW)).toEqual({ ok: false, reason: 'signature' });
    expect(other.verify(token, path, NOW)).toEqual({ ok: true });
  });

  it('calls a malformed token malformed', () => {
    const { token, path } = split(signer.sign('clips/cam-1/a.mp4', LATER));
    const [expires, mac] = token.split('.') as [string, string];
    for (const bad of [
      '',
      'abc',
      expires,
      `${expires}.`,
      `.${mac}`,
      `${expires}.${mac}x`,
      `${expires}.${mac.slice(1)}`,
      `x${expires}.${mac}`,
      `${expires}.${mac.slice(1)}=`,
      `1234567890123.${mac}`,
    ]) {
      expect(signer.verify(bad, path, NOW), bad).toEqual({ ok: false, reason: 'malformed' });
    }
  });
});

describe('stableExpiry', () => {
  it('gives every instant of one step the same expiry, at least the time to live away', () => {
    const step = 600_000;
    const first = stableExpiry(NOW + 1, 3600_000, step);
    expect(first).toBe(NOW + 3600_000 + step);
    expect(stableExpiry(NOW + step - 1, 3600_000, step)).toBe(first);
    expect(stableExpiry(NOW + step + 1, 3600_000, step)).toBe(first + step);
    for (const now of [NOW, NOW + 1, NOW + 123_456, NOW + step - 1])
      expect(stableExpiry(now, 3600_000, step) - now).toBeGreaterThanOrEqual(3600_000);
  });
});
