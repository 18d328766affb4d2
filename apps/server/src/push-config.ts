import { createECDH } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';

/** Web Push as configured (README "Alerts on phones"): the installation's VAPID keys and who may receive pushes besides public hosts. */
export interface PushConfig {
  /** the installation's VAPID key pair (base64url: a 65-byte uncompressed P-256 point, a 32-byte scalar) */
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** VIGIL_PUSH_ALLOW_HOSTS: endpoints (host:port, lower case) admitted though not on a public address (a test receiver) */
  allowHosts: readonly string[];
}

type Env = Record<string, string | undefined>;

/** The public key of a P-256 private key (base64url), or undefined when the key is no such thing. */
function publicKeyOf(privateKey: string): string | undefined {
  const raw = Buffer.from(privateKey, 'base64url');
  if (raw.length !== 32) return undefined;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(raw);
    return ecdh.getPublicKey().toString('base64url');
  } catch {
    return undefined;
  }
}

/**
 * VIGIL_VAPID_PUBLIC_KEY + VIGIL_VAPID_PRIVATE_KEY (both or neither), or by default `vapid.json` in the data folder,
 * made at first start (0600) like the server secret. Kept keys must stay: a new pair orphans every subscription.
 */
export function loadVapidKeys(env: Env, dataDir: string): { publicKey: string; privateKey: string } {
  const fromEnv = { publicKey: env.VIGIL_VAPID_PUBLIC_KEY?.trim() || '', privateKey: env.VIGIL_VAPID_PRIVATE_KEY?.trim() || '' };
  if (fromEnv.publicKey || fromEnv.privateKey) {
    if (!fromEnv.publicKey || !fromEnv.privateKey)
      throw new Error(
        'VIGIL_VAPID_PUBLIC_KEY and VIGIL_VAPID_PRIVATE_KEY go together: set both (npx web-push generate-vapid-keys) or neither',
      );
    if (publicKeyOf(fromEnv.privateKey) !== fromEnv.publicKey)
      throw new Error('VIGIL_VAPID_PRIVATE_KEY must be a base64url P-256 key and VIGIL_VAPID_PUBLIC_KEY its public key');
    return fromEnv;
  }
  const file = join(dataDir, 'vapid.json');
  if (!existsSync(file)) {
    const made = webpush.generateVAPIDKeys();
    try {
      writeFileSync(file, `${JSON.stringify({ publicKey: made.publicKey, privateKey: made.privateKey })}\n`, { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // another process of this installation made it first: theirs is the pair
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof kept.publicKey !== 'string' || typeof kept.privateKey !== 'string' || publicKeyOf(kept.privateKey) !== kept.publicKey)
    throw new Error(`${file} does not hold a VAPID key pair: restore it from a backup (a new pair ends every device's alerts)`);
  return { publicKey: kept.publicKey, privateKey: kept.privateKey };
}

/** VIGIL_VAPID_SUBJECT (a mailto: or https: URL the push services may write to); by default the public URL when https, else a mailto: at its host. */
export function vapidSubject(raw: string | undefined, publicUrl: string): string {
  const value = raw?.trim();
  if (value) {
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'mailto:' && url.protocol !== 'https:') || (url.protocol === 'mailto:' && !url.pathname.includes('@')))
      throw new Error(`VIGIL_VAPID_SUBJECT must be a mailto: address or an https URL (e.g. mailto:it@care-home.example), not "${value}"`);
    return value;
  }
  const site = new URL(publicUrl);
  return site.protocol === 'https:' ? site.origin : `mailto:vigil@${site.hostname}`;
}

/** VIGIL_PUSH_ALLOW_HOSTS: host:port entries (a name, an IPv4 address or [an IPv6 address]); a bad one stops start-up. */
export function pushAllowHosts(raw: string | undefined): string[] {
  if (!raw?.trim()) return [];
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):(\d{1,5})$/i.exec(item);
      const port = match ? Number(match[2]) : 0;
      if (!match || port < 1 || port > 65535)
        throw new Error(`VIGIL_PUSH_ALLOW_HOSTS: "${item}" is not host:port (e.g. 127.0.0.1:8443 or push.lan:443)`);
      return `${match[1]!.toLowerCase()}:${port}`;
    });
}

export function loadPushConfig(env: Env, dataDir: string, publicUrl: string): PushConfig {
  return {
    vapid: { ...loadVapidKeys(env, dataDir), subject: vapidSubject(env.VIGIL_VAPID_SUBJECT, publicUrl) },
    allowHosts: pushAllowHosts(env.VIGIL_PUSH_ALLOW_HOSTS),
  };
}
