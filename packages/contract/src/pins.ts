import { z } from 'zod';
import { uuidSchema } from './common.js';

export const PIN_MIN_LENGTH = 4;
export const PIN_MESSAGES = {
  numeric: 'Your pin must be numeric.',
  length: 'Your pin must be at least 4 digits.',
  confirmation: 'Your confirmation must match.',
  oneUser: 'Please select only one user at a time.',
  success: 'PIN Succesfully changed.',
} as const;

/** Spec part 1 §5: digits only, at least 4, confirmation equal. Returns the first failing message, or null. */
export function validatePin(pin: string, confirmation: string): string | null {
  if (!/^\d*$/.test(pin)) return PIN_MESSAGES.numeric;
  if (pin.length < PIN_MIN_LENGTH) return PIN_MESSAGES.length;
  if (pin !== confirmation) return PIN_MESSAGES.confirmation;
  return null;
}

/** The person picker takes one user at most; an empty selection means the user themself ('me'). */
export function pinTarget(selected: readonly string[]): { ok: true; userId: string } | { ok: false; error: string } {
  if (selected.length > 1) return { ok: false, error: PIN_MESSAGES.oneUser };
  return { ok: true, userId: selected[0] ?? 'me' };
}

/**
 * The keyed hash the browser sends instead of the PIN: base64(HMAC-SHA-256(key = domain uuid, PIN)).
 * The server keys it again with its own secret before it stores or compares anything.
 */
export async function pinDigest(domainUuid: string, pin: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await globalThis.crypto.subtle.importKey('raw', encoder.encode(domainUuid), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', key, encoder.encode(pin)));
  let binary = '';
  for (const byte of mac) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** 32 bytes of HMAC in base64. */
export const pinDigestSchema = z.string().regex(/^[A-Za-z0-9+/]{43}=$/, 'newPIN must be the base64 keyed hash of the PIN (44 characters)');

export const resetPinParamsSchema = z.object({
  id: z.union([z.literal('me'), uuidSchema]).describe("The user whose PIN is set, or 'me'"),
});
export const resetPinBodySchema = z.object({
  newPIN: pinDigestSchema,
  domain_uuid: uuidSchema.describe('The domain the PIN is valid in'),
});
export type ResetPinBody = z.infer<typeof resetPinBodySchema>;
export const resetPinReplySchema = z.object({ ok: z.boolean(), error: z.string().optional() });
export type ResetPinReply = z.infer<typeof resetPinReplySchema>;

export const pinEnabledParamsSchema = z.object({ domainId: uuidSchema });
export const pinUserSchema = z.object({ name: z.string(), uuid: uuidSchema });
export type PinUser = z.infer<typeof pinUserSchema>;
export const pinEnabledReplySchema = z.object({ data: z.object({ users: z.array(pinUserSchema) }) });
export type PinEnabledReply = z.infer<typeof pinEnabledReplySchema>;

/**
 * PINs stay unique in a building (a PIN says who dismissed an alert), so a PIN someone else holds is refused. That
 * refusal would tell a colleague's PIN away: it says no more than this, each one is a security event administrators
 * see, and a person is refused only a few times a day before every PIN change of theirs waits for the next day.
 */
export const PIN_COLLISION = {
  message: 'Please choose another PIN.',
  perUserPerDay: 3,
  tooMany: 'Too many refused PINs today. Please try again tomorrow, or ask an administrator.',
} as const;

/** GET /api/v1/users/{domainId}/pin_collisions: the refused PINs of the last 30 days (account/administer_user_pin). */
export const pinCollisionSchema = z.object({
  at: z.iso.datetime(),
  by: z.object({ name: z.string(), email: z.string() }),
  for_name: z.string().nullable(),
});
export type PinCollision = z.infer<typeof pinCollisionSchema>;
export const pinCollisionsReplySchema = z.object({ ok: z.literal(true), collisions: z.array(pinCollisionSchema) });
export type PinCollisionsReply = z.infer<typeof pinCollisionsReplySchema>;
