import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { loadPushConfig, pushAllowHosts, vapidSubject } from './push-config.js';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-push-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('Web Push configuration', () => {
  it('makes the VAPID key pair once, in vapid.json (0600), and keeps it across starts', () => {
    const dir = dataDir();
    const first = loadPushConfig({}, dir, 'http://localhost:8080');
    const file = join(dir, 'vapid.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ publicKey: first.vapid.publicKey, privateKey: first.vapid.privateKey });
    expect(Buffer.from(first.vapid.publicKey, 'base64url')).toHaveLength(65);
    expect(loadPushConfig({}, dir, 'http://localhost:8080').vapid).toEqual(first.vapid);
  });

  it('takes a pair from the environment only whole and matching', () => {
    const pair = webpush.generateVAPIDKeys();
    const other = webpush.generateVAPIDKeys();
    const env = { VIGIL_VAPID_PUBLIC_KEY: pair.publicKey, VIGIL_VAPID_PRIVATE_KEY: pair.privateKey };
    expect(loadPushConfig(env, dataDir(), 'https://vigil.example').vapid).toMatchObject(pair);
    expect(() => loadPushConfig({ VIGIL_VAPID_PUBLIC_KEY: pair.publicKey }, dataDir(), 'https://x.example')).toThrow(/go together/);
    expect(() => loadPushConfig({ ...env, VIGIL_VAPID_PUBLIC_KEY: other.publicKey }, dataDir(), 'https://x.example')).toThrow(
      /its public key/,
    );
  });

  it('names a subject: VIGIL_VAPID_SUBJECT (mailto: or https), else the public URL when https, else a mailto: at its host', () => {
    expect(vapidSubject('mailto:it@care.example', 'http://localhost:8080')).toBe('mailto:it@care.example');
    expect(vapidSubject(undefined, 'https://vigil.care.example/')).toBe('https://vigil.care.example');
    expect(vapidSubject('', 'http://vigil.lan:8080')).toBe('mailto:vigil@vigil.lan');
    for (const bad of ['http://care.example', 'mailto:nobody', 'it@care.example'])
      expect(() => vapidSubject(bad, 'https://vigil.example'), bad).toThrow(/VIGIL_VAPID_SUBJECT/);
  });

  it('reads VIGIL_PUSH_ALLOW_HOSTS as host:port pairs and stops at a bad one', () => {
    expect(pushAllowHosts(' 127.0.0.1:8443, [::1]:9443,Push.LAN:443 ')).toEqual(['127.0.0.1:8443', '[::1]:9443', 'push.lan:443']);
    expect(pushAllowHosts(undefined)).toEqual([]);
    for (const bad of ['127.0.0.1', 'push.lan:0', 'push.lan:70000', 'https://push.lan:443'])
      expect(() => pushAllowHosts(bad), bad).toThrow(/VIGIL_PUSH_ALLOW_HOSTS/);
  });
});
