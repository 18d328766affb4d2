import { PUSH } from '@vigil/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegBytes } from '../../../test/pictures.js';
import type { AlertFacts } from './delivery.port.js';
import {
  PUSH_PLAINTEXT_MAX_BYTES,
  acknowledgeToken,
  acknowledgeTokenMatches,
  alertPushMessage,
  pushPicture,
  pushTopic,
} from './push-message.js';
import { retryAfterMs } from './push-sender.js';

const secret = Buffer.alloc(32, 3);
const SUB = '0b6f2c1e-8d4a-4f3b-9e2d-1a5c7b9d3e01';
const ALERT = '5a1e9c3d-2b7f-4e8a-a6c4-3d9b1f7e2c05';
const facts = (over: Partial<AlertFacts> = {}): AlertFacts => ({
  alertId: ALERT,
  domain: 'a0000000-0000-4000-8000-000000000001',
  step: 'raised',
  tier: 0,
  tierName: 'Everyone on duty',
  person: { uuid: 'f0000000-0000-4000-8000-000000000001', name: 'Margaret Hill' },
  exit: { uuid: 'c0000000-0000-4000-8000-000000000001', name: 'Front door' },
  seenAt: 1_700_000_000_000,
  stepAt: 1_700_000_000_500,
  state: 'raised',
  acknowledgedBy: null,
  dismissedBy: null,
  sendable: true,
  crop: async () => null,
  ...over,
});

describe('push messages', () => {
  it('makes an acknowledgement token per subscription and alert, and checks it in constant time', () => {
    const token = acknowledgeToken(secret, SUB, ALERT);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(acknowledgeTokenMatches(secret, SUB, ALERT, token)).toBe(true);
    expect(acknowledgeTokenMatches(secret, ALERT, SUB, token)).toBe(false);
    expect(acknowledgeTokenMatches(Buffer.alloc(32, 4), SUB, ALERT, token)).toBe(false);
    expect(acknowledgeTokenMatches(secret, SUB, ALERT, token.slice(1))).toBe(false);
    expect(pushTopic(ALERT)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('shrinks the crop to a small JPEG data: URL that fits, or gives none', async () => {
    const picture = await pushPicture(await jpegBytes(640));
    const jpeg = Buffer.from(picture!.replace('data:image/jpeg;base64,', ''), 'base64');
    expect(jpeg.length).toBeLessThanOrEqual(PUSH.pictureMaxBytes);
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: PUSH.pictureWidth });
    expect(await pushPicture(null)).toBeNull();
    expect(await pushPicture(Buffer.from('not a jpeg'))).toBeNull();
  });

  it('carries the acknowledgement only while the alert is raised, and ends renotifying once someone is on it', () => {
    const raised = alertPushMessage(facts(), { subscriptionId: SUB, token: 'x'.repeat(43) }, null).message;
    expect(raised.acknowledge).toEqual({ url: '/api/v1/push/acknowledge', subscription_id: SUB, token: 'x'.repeat(43) });
    expect(raised.renotify).toBe(true);
    const acked = alertPushMessage(
      facts({ step: 'acknowledged', tier: null, tierName: null, state: 'acknowledged', acknowledgedBy: 'Nora Quinn' }),
      { subscriptionId: SUB, token: 'x'.repeat(43) },
      null,
    ).message;
    expect(acked).toMatchObject({ acknowledge: null, renotify: false, title: 'Nora Quinn is on it', tag: `alert-${ALERT}` });
  });

  it('drops the picture rather than go over what a push service takes', async () => {
    const picture = `data:image/jpeg;base64,${'A'.repeat(3200)}`;
    const long = facts({ exit: { uuid: 'c0000000-0000-4000-8000-000000000001', name: 'Door '.repeat(60) } });
    const { message, bytes } = alertPushMessage(long, { subscriptionId: SUB, token: 'x'.repeat(43) }, picture);
    expect(message.picture).toBeNull();
    expect(bytes.length).toBeLessThanOrEqual(PUSH_PLAINTEXT_MAX_BYTES);
    expect(alertPushMessage(facts(), { subscriptionId: SUB, token: 'x'.repeat(43) }, picture).message.picture).toBe(picture);
  });

  it('reads Retry-After in seconds or as a date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs(undefined, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });
});
