import type { Provider } from '@vigil/contract';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';

/** How to check one provider's id_tokens: whose keys, which issuer, which audience. */
export interface TrustedIssuer {
  jwks: JWTVerifyGetKey;
  audience: string;
  /** exact issuer, or a test for multi-tenant issuers such as Microsoft's */
  issuer: string | ((iss: string) => boolean);
}

export interface VerifiedIdentity {
  email: string;
  issuer: string;
  nonce: string;
  expiresAt: number;
}

export class IdTokenError extends Error {}

const MICROSOFT_ISSUER = /^https:\/\/login\.microsoftonline\.com\/[0-9a-f-]{36}\/v2\.0$/;

export function googleIssuer(clientId: string): TrustedIssuer {
  return {
    jwks: createRemoteJWKSet(new URL('https://www.googleapis.com/oauth2/v3/certs')),
    audience: clientId,
    issuer: (iss) => iss === 'https://accounts.google.com' || iss === 'accounts.google.com',
  };
}

export function microsoftIssuer(clientId: string, tenant: string): TrustedIssuer {
  return {
    jwks: createRemoteJWKSet(new URL(`https://login.microsoftonline.com/${tenant}/discovery/v2.0/keys`)),
    audience: clientId,
    issuer: (iss) => MICROSOFT_ISSUER.test(iss),
  };
}

/** Verifies signature (provider JWKS), issuer, audience, expiry and nonce of an OpenID Connect id_token. */
export async function verifyIdToken(trusted: TrustedIssuer, idToken: string, expectedNonce: string): Promise<VerifiedIdentity> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, trusted.jwks, {
      audience: trusted.audience,
      algorithms: ['RS256', 'ES256', 'PS256'],
      clockTolerance: 30,
      requiredClaims: ['iss', 'aud', 'exp', 'iat', 'nonce'],
      ...(typeof trusted.issuer === 'string' ? { issuer: trusted.issuer } : {}),
    }));
  } catch (error) {
    const reason = error instanceof errors.JOSEError ? error.code : 'malformed';
    throw new IdTokenError(`id_token refused: ${reason}`);
  }
  const iss = String(payload.iss);
  if (typeof trusted.issuer === 'function' && !trusted.issuer(iss)) throw new IdTokenError('id_token refused: issuer');
  if (payload.nonce !== expectedNonce) throw new IdTokenError('id_token refused: nonce');
  const email = payload.email ?? payload.preferred_username;
  if (typeof email !== 'string' || !email.includes('@')) throw new IdTokenError('id_token refused: no e-mail');
  if (payload.email_verified === false) throw new IdTokenError('id_token refused: e-mail not verified');
  return { email: email.toLowerCase(), issuer: iss, nonce: expectedNonce, expiresAt: (payload.exp ?? 0) * 1000 };
}

export type TrustedIssuers = Record<Provider, TrustedIssuer>;
