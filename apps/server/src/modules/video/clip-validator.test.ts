import { describe, expect, it } from 'vitest';
import { clipEtag, etagListMatches } from './clip-validator.js';

describe('clipEtag', () => {
  it('is a strong validator of size and modification time', () => {
    expect(clipEtag(311054, 1795569281123.7)).toBe('"4bf0e-1a21044e863"');
    expect(clipEtag(311054, 1795569281123)).not.toBe(clipEtag(311055, 1795569281123));
  });
});

describe('etagListMatches', () => {
  const etag = clipEtag(100, 5000);
  it('finds the ETag in a list, weak or not, and takes *', () => {
    expect(etagListMatches(etag, etag)).toBe(true);
    expect(etagListMatches(`"other", W/${etag}`, etag)).toBe(true);
    expect(etagListMatches('*', etag)).toBe(true);
  });
  it('refuses another ETag or none', () => {
    expect(etagListMatches('"other"', etag)).toBe(false);
    expect(etagListMatches(undefined, etag)).toBe(false);
    expect(etagListMatches('', etag)).toBe(false);
  });
});
