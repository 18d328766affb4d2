import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK } from '@vigil/contract';

/** A new signing secret: the prefix and 32 random bytes (base64url). The whole string is the HMAC key. */
export function newWebhookSecret(): string {
  return `${WEBHOOK.secretPrefix}${randomBytes(32).toString('base64url')}`;
}

/**
 * X-Vigil-Signature's value: `sha256=` and the hex HMAC-SHA256, keyed with the secret, of `<timestamp>.<raw body>`
 * (as Stripe and GitHub sign theirs): the timestamp is signed too, so an old request cannot be replayed as new.
 */
export function webhookSignature(secret: string, timestamp: number, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}
