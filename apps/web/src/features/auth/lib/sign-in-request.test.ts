import { describe, expect, it } from 'vitest';
import { buildAuthorizeUrl, parseSignInAttempt, parseSignInReturn, randomToken } from './sign-in-request';

describe('randomToken', () => {
  it('encodes 32 bytes as 43 base64url characters', () => {
    const token = randomToken(32, (bytes) => bytes.fill(0xfb));
    expect(token).toHaveLength(43);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token).toContain('-');
  });
});

describe('buildAuthorizeUrl', () => {
  const config = { authorizeUrl: 'https://id.example/auth', clientId: 'vigil-web', builtIn: false };

  it('asks for an id_token in the fragment with state, nonce and account selection', () => {
    const url = new URL(buildAuthorizeUrl(config, { state: 's1', nonce: 'n1' }, 'https://vigil.example'));
    expect(url.origin + url.pathname).toBe('https://id.example/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'vigil-web',
      response_type: 'id_token',
      scope: 'openid email profile',
      redirect_uri: 'https://vigil.example/',
      state: 's1',
      nonce: 'n1',
      response_mode: 'fragment',
      prompt: 'select_account',
    });
  });

  it('appends to an authorize URL that already has a query', () => {
    const url = buildAuthorizeUrl({ ...config, authorizeUrl: 'https://id.example/auth?tenant=x' }, { state: 's', nonce: 'n' }, 'http://h');
    expect(url.startsWith('https://id.example/auth?tenant=x&client_id=vigil-web')).toBe(true);
  });
});

describe('parseSignInReturn', () => {
  it('reads a token and state', () => {
    expect(parseSignInReturn('#id_token=abc.def&state=xyz')).toEqual({ kind: 'token', idToken: 'abc.def', state: 'xyz' });
  });
  it('reads a provider error', () => {
    expect(parseSignInReturn('#error=access_denied&error_description=User%20cancelled')).toEqual({
      kind: 'error',
      error: 'access_denied',
      description: 'User cancelled',
    });
  });
  it('ignores an unrelated fragment', () => {
    expect(parseSignInReturn('#section-2')).toEqual({ kind: 'none' });
    expect(parseSignInReturn('')).toEqual({ kind: 'none' });
  });
});

describe('parseSignInAttempt', () => {
  it('accepts a complete attempt and rejects a damaged one', () => {
    const attempt = { state: 's', nonce: 'n', provider: 'microsoft', redirect: '/alerts' };
    expect(parseSignInAttempt(JSON.stringify(attempt))).toEqual(attempt);
    expect(parseSignInAttempt(JSON.stringify({ ...attempt, provider: 'yahoo' }))).toBeNull();
    expect(parseSignInAttempt('{not json')).toBeNull();
    expect(parseSignInAttempt(null)).toBeNull();
  });
});
