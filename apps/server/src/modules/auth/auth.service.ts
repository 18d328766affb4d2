import { providerButtonError, type OAuthBody, type OAuthReply, type Provider } from '@vigil/contract';
import { IdTokenError, verifyIdToken, type TrustedIssuer } from '../../auth/id-token-verifier.js';
import { isStaffEmail, principalFor, type Principal } from '../../auth/principal.js';
import type { SessionsRepository } from '../../auth/sessions.repository.js';
import type { AccessRepository } from './access.repository.js';

/** Turns a verified id_token into a Vigil session, and a session token back into a principal. */
export class AuthService {
  constructor(
    private readonly access: AccessRepository,
    private readonly sessions: SessionsRepository,
    private readonly trusted: (provider: Provider) => TrustedIssuer,
    private readonly internalEmailDomain: string,
    /** what ends with a session (its live viewings, audited as they end), before the token stops working */
    private readonly beforeSignOut: (token: string) => Promise<void> = async () => {},
  ) {}

  async signIn(body: OAuthBody): Promise<OAuthReply> {
    const refused: OAuthReply = { ok: false, err: providerButtonError(body.provider) };
    let identity;
    try {
      identity = await verifyIdToken(this.trusted(body.provider), body.id_token, body.nonce);
    } catch (error) {
      if (error instanceof IdTokenError) return refused;
      throw error;
    }
    // A nonce is good for one sign-in: a replayed id_token is refused.
    if (!(await this.sessions.consumeNonce(`${identity.issuer}|${identity.nonce}`, identity.expiresAt))) return refused;
    const user = await this.access.findUserByEmail(identity.email);
    if (!user) {
      return { ok: false, err: `No Vigil account uses ${identity.email}. Ask your facility's administrator for access.` };
    }
    const token = await this.sessions.create(user.id);
    return { ok: true, auth: { token }, email: user.email, staff: isStaffEmail(user.email, this.internalEmailDomain) };
  }

  async authenticate(token: string): Promise<Principal | undefined> {
    const user = await this.sessions.findUser(token);
    if (!user) return undefined;
    return principalFor(user, token, await this.access.entitlements(user.id), this.internalEmailDomain);
  }

  async logout(token: string): Promise<void> {
    await this.beforeSignOut(token);
    return this.sessions.revoke(token);
  }
}
