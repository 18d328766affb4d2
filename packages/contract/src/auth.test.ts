import { describe, expect, it } from 'vitest';
import { oauthBodySchema, oauthReplySchema, providerButtonError } from './auth.js';

const body = { provider: 'google', id_token: 'eyJhbGciOiJSUzI1NiJ9.e30.sig', nonce: 'n'.repeat(16) };

describe('oauthBodySchema', () => {
  it('accepts a complete body from either provider', () => {
    expect(oauthBodySchema.parse(body)).toEqual(body);
    expect(oauthBodySchema.safeParse({ ...body, provider: 'microsoft' }).success).toBe(true);
  });

  it('rejects a body without a nonce, or with one too short to be random', () => {
    const { nonce: _nonce, ...withoutNonce } = body;
    expect(oauthBodySchema.safeParse(withoutNonce).success).toBe(false);
    expect(oauthBodySchema.safeParse({ ...body, nonce: 'n'.repeat(15) }).success).toBe(false);
    expect(oauthBodySchema.safeParse({ ...body, nonce: '' }).success).toBe(false);
  });

  it('rejects an unknown provider', () => {
    expect(oauthBodySchema.safeParse({ ...body, provider: 'github' }).success).toBe(false);
    expect(oauthBodySchema.safeParse({ ...body, provider: 'Google' }).success).toBe(false);
  });

  it('rejects an empty or missing id_token', () => {
    expect(oauthBodySchema.safeParse({ ...body, id_token: '' }).success).toBe(false);
    const { id_token: _token, ...withoutToken } = body;
    expect(oauthBodySchema.safeParse(withoutToken).success).toBe(false);
  });
});

describe('oauthReplySchema', () => {
  it('accepts a success and a failure reply, and rejects a success without a token', () => {
    expect(oauthReplySchema.safeParse({ ok: true, auth: { token: 't' }, email: 'a@b.example', staff: false }).success).toBe(true);
    expect(oauthReplySchema.safeParse({ ok: false, err: 'Bad token' }).success).toBe(true);
    expect(oauthReplySchema.safeParse({ ok: true, email: 'a@b.example', staff: false }).success).toBe(false);
  });
});

describe('providerButtonError', () => {
  it('names the provider whose token failed', () => {
    expect(providerButtonError('google')).toBe("Couldn't validate token with Google.");
    expect(providerButtonError('microsoft')).toBe("Couldn't validate token with Microsoft.");
  });
});
