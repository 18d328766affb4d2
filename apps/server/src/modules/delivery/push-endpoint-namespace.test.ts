import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const probe = fileURLToPath(new URL('../../../test/push-endpoint-probe.ts', import.meta.url));
const isRoot = process.getuid?.() === 0;

describe('push endpoints on public addresses (in a network namespace of its own: no packet can leave)', () => {
  it.skipIf(!isRoot)('takes public addresses and names of them, refuses the rest, and tries only public ones at send', () => {
    expect(spawnSync('unshare', ['-n', 'true']).status, 'unshare -n works here').toBe(0);
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.VIGIL_TEST_DATABASE_URL; // the namespace has no network, loopback included: SQLite
    const output = execFileSync('unshare', ['-n', process.execPath, '--import', 'tsx', probe], { env, encoding: 'utf8', timeout: 60_000 });
    const found = JSON.parse(output.trim().split('\n').pop()!) as {
      addresses: Record<string, boolean>;
      refusals: Record<string, string | null>;
      sends: Record<string, { ok: boolean; kind?: string; error?: string }>;
      api: Record<string, number>;
    };
    expect(found.addresses).toEqual({ '8.8.8.8': true, '1.1.1.1': true, '2001:4860:4860::8888': true, '::ffff:8.8.8.8': true });
    expect(found.refusals).toEqual({
      fcm: null,
      apple: null,
      mixed: 'a name of a non-public address',
      literal: null,
      fcmHere: 'a name that does not resolve',
    });
    // tried, and not reached (no network here)
    expect(found.sends.public).toMatchObject({ ok: false, kind: 'network' });
    expect(found.sends.private).toMatchObject({ ok: false, kind: 'refused' });
    expect(found.sends.localhost).toMatchObject({
      ok: false,
      kind: 'refused',
      error: 'localhost is not a push service on a public address',
    });
    expect(found.api).toEqual({ public: 200, private: 400 });
  });
});
