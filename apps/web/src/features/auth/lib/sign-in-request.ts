import type { Provider, ProviderConfig } from '@vigil/contract';

/** What the browser remembers between leaving for the provider and coming back (sessionStorage). */
export interface SignInAttempt {
  state: string;
  nonce: string;
  provider: Provider;
  /** The raw redirect query value; safeRedirectTarget vets it on return. */
  redirect: string | null;
}

/** base64url of `byteCount` random bytes (32 bytes = 256 bits, well over the 128 asked for). */
export function randomToken(byteCount = 32, random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(byteCount));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The OpenID Connect implicit-flow authorize URL (response in the fragment, spec part 1 §2). */
export function buildAuthorizeUrl(config: ProviderConfig, attempt: Pick<SignInAttempt, 'state' | 'nonce'>, origin: string): string {
  const params = new URLSearchParams({
    client_id: config.clientId,
    response_type: 'id_token',
    scope: 'openid email profile',
    redirect_uri: config.redirectUri ?? `${origin}/`,
    state: attempt.state,
    nonce: attempt.nonce,
    response_mode: 'fragment',
    prompt: 'select_account',
  });
  const separator = config.authorizeUrl.includes('?') ? '&' : '?';
  return `${config.authorizeUrl}${separator}${params.toString()}`;
}

export function parseSignInAttempt(raw: string | null): SignInAttempt | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SignInAttempt>;
    if (typeof value.state !== 'string' || typeof value.nonce !== 'string') return null;
    if (value.provider !== 'google' && value.provider !== 'microsoft') return null;
    return {
      state: value.state,
      nonce: value.nonce,
      provider: value.provider,
      redirect: typeof value.redirect === 'string' ? value.redirect : null,
    };
  } catch {
    return null;
  }
}

export type SignInReturn =
  | { kind: 'none' }
  | { kind: 'token'; idToken: string; state: string | null }
  | { kind: 'error'; error: string; description: string | null };

/** Reads what the provider put in the URL fragment: an id_token or an error. */
export function parseSignInReturn(hash: string): SignInReturn {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const idToken = params.get('id_token');
  if (idToken) return { kind: 'token', idToken, state: params.get('state') };
  const error = params.get('error');
  if (error) return { kind: 'error', error, description: params.get('error_description') };
  return { kind: 'none' };
}
