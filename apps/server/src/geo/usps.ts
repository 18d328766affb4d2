import { z } from 'zod';
import { ExternalServiceError, fetchJson } from './http-json.js';
import { BoundedCache } from './bounded-cache.js';

/** The address as staff typed or picked it. */
export interface PostalAddress {
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
}

/** What the postal service says: it knows the address (with its ZIP+4 when it is a delivery point), or it does not. */
export type PostalAnswer = { known: true; zip: string | null; zip4: string | null } | { known: false };

/** A postal address check (USPS) behind one small interface. Throws ExternalServiceError when the service does not answer. */
export interface PostalService {
  lookup(address: PostalAddress): Promise<PostalAnswer>;
}

export interface UspsOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  userAgent: string;
  timeoutMs?: number;
  now?: () => number;
}

const USPS_TIMEOUT_MS = 8000;
/** A token is renewed this long before USPS says it expires. */
const TOKEN_MARGIN_MS = 60_000;
/** USPS allows 60 calls an hour by default: the same address asked twice in a day is answered from memory. */
const ANSWER_TTL_MS = 24 * 3600_000;

const tokenReplySchema = z.object({
  access_token: z.string().min(1),
  // USPS sends it as a string ("28799"); RFC 6749 as a number.
  expires_in: z.coerce.number().positive().optional(),
});
const addressReplySchema = z.object({
  address: z.object({ ZIPCode: z.string().nullish(), ZIPPlus4: z.string().nullish() }),
});

/** USPS's reply to a known address: ZIP and ZIP+4 ('' or null when it has none). */
export function answerFromUsps(body: unknown): PostalAnswer {
  const parsed = addressReplySchema.safeParse(body);
  if (!parsed.success) throw new ExternalServiceError('USPS sent a reply of an unexpected shape');
  const { ZIPCode, ZIPPlus4 } = parsed.data.address;
  return { known: true, zip: ZIPCode || null, zip4: ZIPPlus4 || null };
}

/** USPS Addresses API v3: an OAuth2 client-credentials token (kept until shortly before it expires), then GET address. */
export class UspsClient implements PostalService {
  private token: { value: string; expiresAt: number } | undefined;
  private pendingToken: Promise<string> | undefined;
  private readonly answers = new BoundedCache<{ answer: PostalAnswer; at: number }>(500);
  private readonly now: () => number;
  private readonly timeoutMs: number;

  constructor(private readonly options: UspsOptions) {
    this.now = options.now ?? Date.now;
    this.timeoutMs = options.timeoutMs ?? USPS_TIMEOUT_MS;
  }

  async lookup(address: PostalAddress): Promise<PostalAnswer> {
    const key = JSON.stringify(
      [address.address1, address.address2, address.city, address.state, address.zip].map((part) => part.trim().toUpperCase()),
    );
    const kept = this.answers.get(key);
    if (kept && this.now() - kept.at < ANSWER_TTL_MS) return kept.answer;
    let reply = await this.askAddress(address, await this.accessToken());
    // A token USPS no longer accepts (revoked, clock skew): one fresh token, one more try.
    if (reply.status === 401) {
      this.token = undefined;
      reply = await this.askAddress(address, await this.accessToken());
    }
    let answer: PostalAnswer;
    if (reply.status === 200) answer = answerFromUsps(reply.body);
    else if (reply.status === 400 || reply.status === 404) answer = { known: false };
    else throw new ExternalServiceError(`USPS answered HTTP ${reply.status}`);
    this.answers.set(key, { answer, at: this.now() });
    return answer;
  }

  private askAddress(address: PostalAddress, token: string) {
    const url = new URL(`${this.options.baseUrl}/addresses/v3/address`);
    url.searchParams.set('streetAddress', address.address1);
    if (address.address2) url.searchParams.set('secondaryAddress', address.address2);
    if (address.city) url.searchParams.set('city', address.city);
    if (address.state) url.searchParams.set('state', address.state);
    if (address.zip) url.searchParams.set('ZIPCode', address.zip.slice(0, 5));
    return fetchJson(url, {
      service: 'USPS',
      headers: { authorization: `Bearer ${token}`, 'user-agent': this.options.userAgent },
      timeoutMs: this.timeoutMs,
    });
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.expiresAt) return this.token.value;
    // Requests that arrive together share one token request.
    this.pendingToken ??= this.requestToken().finally(() => (this.pendingToken = undefined));
    return this.pendingToken;
  }

  private async requestToken(): Promise<string> {
    const { status, body } = await fetchJson(new URL(`${this.options.baseUrl}/oauth2/v3/token`), {
      service: 'USPS sign-in',
      method: 'POST',
      headers: { 'user-agent': this.options.userAgent },
      body: { grant_type: 'client_credentials', client_id: this.options.clientId, client_secret: this.options.clientSecret },
      timeoutMs: this.timeoutMs,
    });
    if (status !== 200)
      throw new ExternalServiceError(`USPS sign-in answered HTTP ${status} (check VIGIL_USPS_CLIENT_ID and VIGIL_USPS_CLIENT_SECRET)`);
    const parsed = tokenReplySchema.safeParse(body);
    if (!parsed.success) throw new ExternalServiceError('USPS sign-in sent a reply without an access token');
    const lifetimeMs = (parsed.data.expires_in ?? 3600) * 1000;
    this.token = { value: parsed.data.access_token, expiresAt: this.now() + Math.max(lifetimeMs - TOKEN_MARGIN_MS, lifetimeMs / 2) };
    return this.token.value;
  }
}
