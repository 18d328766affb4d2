import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  PUSH,
  PUSH_ACKNOWLEDGE_PATH,
  pushMessageSchema,
  pushOpenUrl,
  pushTag,
  pushTestTexts,
  pushTexts,
  type PushMessage,
} from '@vigil/contract';
import sharp from 'sharp';
import type { AlertFacts } from './delivery.port.js';

/**
 * The most a push's plaintext may be: a push service takes 4096 bytes of body, of which aes128gcm (RFC 8188) spends 86
 * on its header, 16 on the tag and 1 on the padding delimiter.
 */
export const PUSH_PLAINTEXT_MAX_BYTES = 4096 - 86 - 16 - 1;

/** A notification's "I'm on it" token: HMAC-SHA256 under the server secret over the subscription and the alert, base64url (43). */
export function acknowledgeToken(secret: Buffer, subscriptionId: string, alertId: string): string {
  return createHmac('sha256', secret).update(`push-ack:${subscriptionId}:${alertId}`).digest('base64url');
}

/** Whether a token is the one made for this subscription and alert (compared in constant time). */
export function acknowledgeTokenMatches(secret: Buffer, subscriptionId: string, alertId: string, token: string): boolean {
  const expected = Buffer.from(acknowledgeToken(secret, subscriptionId, alertId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The Topic header of an alert's pushes (a push service keeps only the newest undelivered one): a short hash of its id. */
export const pushTopic = (alertId: string): string => createHash('sha256').update(alertId).digest('base64url').slice(0, 22);

/**
 * The small crop inside a notification: the face's crop resized to PUSH.pictureWidth wide, as a JPEG data: URL of at
 * most PUSH.pictureMaxBytes (a lower quality is tried before giving up); null without a crop or when none fits.
 */
export async function pushPicture(crop: Buffer | null): Promise<string | null> {
  if (!crop) return null;
  try {
    const resized = sharp(crop).rotate().resize({ width: PUSH.pictureWidth, withoutEnlargement: true });
    for (const quality of [70, 50, 35]) {
      const jpeg = await resized.clone().jpeg({ quality, mozjpeg: true }).toBuffer();
      if (jpeg.length <= PUSH.pictureMaxBytes) return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
    }
  } catch {
    // an unreadable crop: the notification goes without a picture
  }
  return null;
}

/** The message a device gets for an alert's step (validated by the contract), and its bytes, picture dropped if too big. */
export function alertPushMessage(
  facts: AlertFacts,
  device: { subscriptionId: string; token: string | null },
  picture: string | null,
  /** silent: an update of a notification already shown (its picture came), which must not ring again */
  options: { silent?: boolean } = {},
): { message: PushMessage; bytes: Buffer } {
  const person = facts.person?.name ?? 'A resident';
  const texts = pushTexts(facts.step, {
    person,
    exit: facts.exit.name,
    by: facts.acknowledgedBy ?? facts.dismissedBy,
    tierName: facts.tierName,
  });
  const base: PushMessage = {
    v: 1,
    kind: 'elopement_alert',
    step: facts.step,
    alert_id: facts.alertId,
    domain_uuid: facts.domain,
    title: texts.title,
    body: texts.body,
    person_name: facts.person?.name ?? null,
    exit: facts.exit.name,
    at: new Date(facts.stepAt).toISOString(),
    tier: facts.tier,
    picture,
    acknowledge:
      device.token && facts.state === 'raised'
        ? { url: PUSH_ACKNOWLEDGE_PATH, subscription_id: device.subscriptionId, token: device.token }
        : null,
    open_url: pushOpenUrl(facts.domain, facts.alertId),
    tag: pushTag(facts.alertId),
    renotify: !options.silent && (facts.step === 'raised' || facts.step === 'escalated'),
  };
  return fitted(base);
}

/** A test notification to one device. */
export function testPushMessage(
  domain: string,
  deviceLabel: string,
  at: number,
  subscriptionId: string,
): { message: PushMessage; bytes: Buffer } {
  const texts = pushTestTexts(deviceLabel);
  return fitted({
    v: 1,
    kind: 'test',
    step: 'raised',
    alert_id: null,
    domain_uuid: domain,
    title: texts.title,
    body: texts.body,
    person_name: null,
    exit: null,
    at: new Date(at).toISOString(),
    tier: null,
    picture: null,
    acknowledge: null,
    open_url: pushOpenUrl(domain, null),
    tag: `test-${subscriptionId}`,
    renotify: true,
  });
}

function fitted(message: PushMessage): { message: PushMessage; bytes: Buffer } {
  const valid = pushMessageSchema.parse(message);
  let bytes = Buffer.from(JSON.stringify(valid), 'utf8');
  if (bytes.length > PUSH_PLAINTEXT_MAX_BYTES && valid.picture !== null) {
    const without = { ...valid, picture: null };
    bytes = Buffer.from(JSON.stringify(without), 'utf8');
    return { message: without, bytes };
  }
  return { message: valid, bytes };
}
