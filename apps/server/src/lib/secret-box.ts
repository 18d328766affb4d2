import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'v1:';

/**
 * Seals short secrets (camera passwords) for storage with AES-256-GCM under a key derived from the server secret
 * (HKDF-SHA256, one key per purpose). A copy of the database alone does not give the passwords away.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: Buffer, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, Buffer.from('vigil'), Buffer.from(purpose), 32));
  }

  static isSealed(value: string): boolean {
    return value.startsWith(PREFIX);
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  /** The secret, or throws when it was sealed under another server secret or tampered with. */
  open(sealed: string): string {
    if (!SecretBox.isSealed(sealed)) throw new Error('not a sealed secret');
    const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
