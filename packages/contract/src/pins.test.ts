import { describe, expect, it } from 'vitest';
import { PIN_MESSAGES, pinDigest, pinDigestSchema, pinTarget, resetPinBodySchema, validatePin } from './pins.js';

// The contract's tsconfig keeps Node types out (types: []) so its sources stay browser-safe; the reference
// HMAC comes from node:crypto, imported at run time and typed here by hand.
type CreateHmac = (algorithm: 'sha256', key: string) => { update(data: string): { digest(encoding: 'base64' | 'hex'): string } };
const nodeCrypto: string = 'node:crypto';
const { createHmac } = (await import(nodeCrypto)) as { createHmac: CreateHmac };

describe('validatePin', () => {
  it('accepts a numeric PIN of at least 4 digits with a matching confirmation', () => {
    expect(validatePin('1234', '1234')).toBeNull();
    expect(validatePin('0000', '0000')).toBeNull();
    expect(validatePin('12345678', '12345678')).toBeNull();
  });

  it('refuses anything but digits', () => {
    expect(validatePin('12a4', '12a4')).toBe('Your pin must be numeric.');
    expect(validatePin(' 1234', ' 1234')).toBe('Your pin must be numeric.');
    expect(validatePin('1234 ', '1234 ')).toBe('Your pin must be numeric.');
    expect(validatePin('-1234', '-1234')).toBe('Your pin must be numeric.');
    expect(validatePin('12.34', '12.34')).toBe('Your pin must be numeric.');
    expect(validatePin('١٢٣٤', '١٢٣٤')).toBe('Your pin must be numeric.');
  });

  it('refuses fewer than 4 digits, including an empty PIN', () => {
    expect(validatePin('123', '123')).toBe('Your pin must be at least 4 digits.');
    expect(validatePin('', '')).toBe('Your pin must be at least 4 digits.');
  });

  it('refuses a confirmation that does not match', () => {
    expect(validatePin('1234', '1235')).toBe('Your confirmation must match.');
    expect(validatePin('1234', '')).toBe('Your confirmation must match.');
    expect(validatePin('1234', '12345')).toBe('Your confirmation must match.');
  });

  it('reports the first failing rule: numeric, then length, then confirmation', () => {
    expect(validatePin('1a', 'zz')).toBe(PIN_MESSAGES.numeric);
    expect(validatePin('12', '99')).toBe(PIN_MESSAGES.length);
  });
});

describe('pinTarget', () => {
  it('means the user themself when nobody is selected', () => {
    expect(pinTarget([])).toEqual({ ok: true, userId: 'me' });
  });

  it('targets the one selected user', () => {
    expect(pinTarget(['u1'])).toEqual({ ok: true, userId: 'u1' });
  });

  it('refuses more than one user', () => {
    expect(pinTarget(['a', 'b'])).toEqual({ ok: false, error: 'Please select only one user at a time.' });
    expect(pinTarget(['a', 'b', 'c'])).toEqual({ ok: false, error: 'Please select only one user at a time.' });
  });
});

describe('pinDigest', () => {
  const domain = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
  const otherDomain = '6fa459ea-ee8a-4ca4-894e-db77e160355e';

  it('is deterministic', async () => {
    expect(await pinDigest(domain, '1234')).toBe(await pinDigest(domain, '1234'));
  });

  it('is 44 characters of base64 that pinDigestSchema and resetPinBodySchema accept', async () => {
    const digest = await pinDigest(domain, '1234');
    expect(digest).toHaveLength(44);
    expect(pinDigestSchema.safeParse(digest).success).toBe(true);
    expect(resetPinBodySchema.safeParse({ newPIN: digest, domain_uuid: domain }).success).toBe(true);
  });

  it('differs for another domain or another PIN', async () => {
    const digest = await pinDigest(domain, '1234');
    expect(await pinDigest(otherDomain, '1234')).not.toBe(digest);
    expect(await pinDigest(domain, '1235')).not.toBe(digest);
  });

  it('equals base64(HMAC-SHA-256) keyed with the domain uuid', async () => {
    for (const pin of ['1234', '0000', '98765432']) {
      const reference = createHmac('sha256', domain).update(pin).digest('base64');
      expect(await pinDigest(domain, pin)).toBe(reference);
    }
  });

  it('is not the PIN itself: the schema refuses a raw PIN or a hex digest', () => {
    expect(pinDigestSchema.safeParse('1234').success).toBe(false);
    expect(pinDigestSchema.safeParse(createHmac('sha256', domain).update('1234').digest('hex')).success).toBe(false);
  });
});
