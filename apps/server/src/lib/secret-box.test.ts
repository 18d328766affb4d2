import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.js';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32), 'camera-password');

  it('seals a password so that the stored text does not contain it, and opens it again', () => {
    const sealed = box.seal('s3cret pass:word@');
    expect(sealed).not.toContain('s3cret');
    expect(SecretBox.isSealed(sealed)).toBe(true);
    expect(box.open(sealed)).toBe('s3cret pass:word@');
    // A fresh nonce each time: the same password never looks the same twice.
    expect(box.seal('s3cret pass:word@')).not.toBe(sealed);
  });

  it('refuses what another server secret sealed, and anything tampered with', () => {
    const sealed = box.seal('abc');
    expect(() => new SecretBox(randomBytes(32), 'camera-password').open(sealed)).toThrow();
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}=`;
    expect(() => box.open(tampered)).toThrow();
    expect(() => box.open('plain')).toThrow();
  });
});
