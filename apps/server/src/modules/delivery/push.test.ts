import { randomUUID } from 'node:crypto';
import {
  ACKNOWLEDGE_MESSAGES,
  PUSH,
  PUSH_MESSAGES,
  pushMessageSchema,
  pushTexts,
  type ElopementAlert,
  type PushMessage,
  type PushSubscriptionView,
} from '@vigil/contract';
import sharp from 'sharp';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAPLE, BIRCH, bearer, createTestContext, detectorKey, type TestContext } from '../../../test/harness.js';
import { EXIT, MARGARET, WALTER } from '../../../test/demo-ids.js';
import { jpegBytes } from '../../../test/pictures.js';
import { receiverCertsFromEnv, startPushReceiver, type PushDevice, type PushReceiver } from '../../../test/push-receiver.js';
import { acknowledgeToken, pushTopic } from './push-message.js';

// The push payload test (issue 37): the server pushes to a push service on loopback that holds each device's private
// keys, checks VAPID and decrypts every payload (RFC 8291), so the message a phone would get is read byte for byte.

const vapid = webpush.generateVAPIDKeys();
let receiver: PushReceiver;
let ctx: TestContext;
let key: string;
let manager: string;
let nurse: string;
let staff: string;
/** the first capture time; each alert is 130 s after the last (an exit alerts a person again after 120 s) */
const base = Date.now() - 3_600_000;
let captures = 0;

beforeAll(async () => {
  receiver = await startPushReceiver({ ...receiverCertsFromEnv(), vapidPublicKey: vapid.publicKey });
  ctx = await createTestContext(
    {
      VIGIL_VAPID_PUBLIC_KEY: vapid.publicKey,
      VIGIL_VAPID_PRIVATE_KEY: vapid.privateKey,
      VIGIL_PUSH_ALLOW_HOSTS: receiver.hostPort,
    },
    undefined,
    { captureLogs: true },
  );
  manager = await ctx.signIn('manager@maple.example');
  nurse = await ctx.signIn('nurse@maple.example');
  staff = await ctx.signIn('staff@vigil.example');
  key = await detectorKey(ctx, manager, MAPLE);
  // Nothing escalates while the test runs (a single tier is told again after the delay).
  const settings = await ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/alerts/escalation',
    headers: bearer(manager),
    payload: { domain_uuid: MAPLE, settings: { delay_seconds: 600, tiers: [{ name: 'Everyone on duty', role_ids: [], user_ids: [] }] } },
  });
  expect(settings.statusCode, settings.body).toBe(200);
});
afterAll(async () => {
  await ctx?.close();
  await receiver?.close();
});

const subscribe = (token: string, device: Pick<PushDevice, 'subscription'>, label = 'Pixel 8', domain: string = MAPLE) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/push/subscriptions',
    headers: bearer(token),
    payload: { domain_uuid: domain, device_label: label, subscription: device.subscription },
  });
const subscribed = async (token: string, device: PushDevice, label?: string) => {
  const reply = await subscribe(token, device, label);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ subscription: PushSubscriptionView }>().subscription;
};
const acknowledge = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/v1/push/acknowledge', payload });

/**
 * A resident at risk seen at the exit, with the face's crop (as the analyzer sends it), or without it and its crop
 * sent after (`later`, as the analyzer sends an exit's face): the alert's id and when ingest answered.
 */
async function seenAtExit(person: string, how: { crop: 'with' | 'later' } = { crop: 'with' }) {
  const at = base + 130_000 * captures++;
  const face = {
    runtime_face_uuid: randomUUID(),
    camera_uuid: EXIT,
    captured_at: new Date(at).toISOString(),
    frontend_face_uuid: person,
    confidence: 0.95,
    box: { x: 0.4, y: 0.2, w: 0.1, h: 0.2 },
  };
  const crop = (await jpegBytes(160)).toString('base64');
  const send = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/ingest/v1/batch', headers: bearer(key), payload });
  const reply = await send({ faces: [how.crop === 'with' ? { ...face, crop } : face] });
  const answeredAt = Date.now();
  expect(reply.statusCode, reply.body).toBe(200);
  const rows = await ctx.database.db.selectFrom('elopement_alerts').select('alert_id').where('event_ts', '=', at).execute();
  return {
    alertId: rows[0]?.alert_id ?? null,
    answeredAt,
    raised: reply.json<{ elopement_alerts: number }>().elopement_alerts,
    sendCrop: async () => expect((await send({ faces: [{ ...face, crop }] })).statusCode).toBe(200),
  };
}

/** Waits until every delivery of the alert is settled (none pending), then its push rows. */
async function settled(alertId: string) {
  await vi.waitFor(
    async () => {
      const pending = await ctx.database.db
        .selectFrom('alert_deliveries')
        .select('id')
        .where('alert_id', '=', alertId)
        .where('status', '=', 'pending')
        .execute();
      const fanout = await ctx.database.db
        .selectFrom('alert_deliveries')
        .select('id')
        .where('alert_id', '=', alertId)
        .where('channel', '=', 'fanout')
        .execute();
      expect(fanout.length).toBeGreaterThan(0);
      expect(pending).toEqual([]);
    },
    { timeout: 20_000, interval: 50 },
  );
  return ctx.database.db.selectFrom('alert_deliveries').selectAll().where('alert_id', '=', alertId).where('channel', '=', 'push').execute();
}

const messagesOf = (device: PushDevice, alertId: string, step?: string) =>
  device.received.map((r) => r.message as PushMessage).filter((m) => m.alert_id === alertId && (!step || m.step === step));

describe('Web Push to a device', () => {
  let phone: PushDevice;
  let subscription: PushSubscriptionView;
  let alertId: string;

  it('gives the installation key to those who receive alerts, and refuses endpoints it must not post to', async () => {
    const keyReply = await ctx.app.inject({ method: 'GET', url: '/api/v1/push/key', headers: bearer(nurse) });
    expect(keyReply.json()).toEqual({ ok: true, public_key: vapid.publicKey });
    const family = await ctx.signIn('family@maple.example');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/push/key', headers: bearer(family) })).statusCode).toBe(403);

    const keys = receiver.device().subscription.keys;
    for (const endpoint of [
      'https://127.0.0.1/push/x',
      'https://10.1.2.3/push/x',
      'https://[::1]:8443/push/x',
      'https://localhost/push/x',
    ]) {
      const reply = await subscribe(nurse, { subscription: { endpoint, expirationTime: null, keys } });
      expect(reply.statusCode, endpoint).toBe(400);
      expect(reply.json<{ error: string }>().error).toBe(PUSH_MESSAGES.endpointRefused(new URL(endpoint).hostname));
    }
    const plain = await subscribe(nurse, { subscription: { endpoint: 'http://push.example/x', expirationTime: null, keys } });
    expect(plain.statusCode).toBe(400);
    // a building where the caller receives no alerts; and someone who receives none anywhere
    expect((await subscribe(nurse, receiver.device(), 'Pixel 8', BIRCH)).statusCode).toBe(403);
    expect((await subscribe(family, receiver.device())).statusCode).toBe(403);
    expect(await ctx.database.db.selectFrom('push_subscriptions').selectAll().execute()).toEqual([]);
  });

  it('subscribes a device for the caller, bound to the session; the same endpoint again replaces it; audited by host only', async () => {
    phone = receiver.device();
    const first = await subscribed(nurse, phone, 'Old label');
    subscription = await subscribed(nurse, phone, 'Pixel 8');
    expect(subscription.id).not.toBe(first.id);
    expect(subscription).toMatchObject({ domain_uuid: MAPLE, device_label: 'Pixel 8', service: '127.0.0.1', last_sent_at: null });
    const listed = await ctx.app.inject({ method: 'GET', url: `/api/v1/push/subscriptions?domain_uuid=${MAPLE}`, headers: bearer(nurse) });
    expect(listed.json<{ subscriptions: PushSubscriptionView[] }>().subscriptions.map((s) => s.id)).toEqual([subscription.id]);
    const others = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/push/subscriptions?domain_uuid=${MAPLE}`,
      headers: bearer(manager),
    });
    expect(others.json<{ subscriptions: unknown[] }>().subscriptions).toEqual([]);
    // someone else's device is not theirs to turn off
    const foreign = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/push/subscriptions/${subscription.id}`,
      headers: bearer(manager),
    });
    expect(foreign.statusCode).toBe(404);

    const entries = await ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'subscribed_push').execute();
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({ domain_uuid: MAPLE, subject: subscription.id });
    expect(JSON.parse(entries[1]!.detail!)).toEqual({ device: 'Pixel 8', service: '127.0.0.1' });
    const path = new URL(phone.endpoint).pathname;
    for (const text of [JSON.stringify(entries), ...ctx.logs]) expect(text).not.toContain(path);
  });

  it('sends a test notification straight to the device', async () => {
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/push/test',
      headers: bearer(nurse),
      payload: { subscription_id: subscription.id },
    });
    expect(reply.json()).toEqual({ ok: true, delivered: true, message: PUSH_MESSAGES.testSent });
    const test = phone.received.at(-1)!.message as PushMessage;
    expect(test).toMatchObject({ kind: 'test', alert_id: null, domain_uuid: MAPLE, title: 'Vigil test notification', acknowledge: null });
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/push/test',
      headers: bearer(manager),
      payload: { subscription_id: subscription.id },
    });
    expect(other.statusCode).toBe(404);
  });

  it('pushes a resident at risk seen at an exit to the device: exactly the message, encrypted, VAPID-signed, with a picture and no link', async () => {
    const seen = await seenAtExit(MARGARET);
    alertId = seen.alertId!;
    await receiver.until(() => messagesOf(phone, alertId).length > 0);
    const push = phone.received.find((r) => (r.message as PushMessage).alert_id === alertId)!;
    console.log(`ingest reply -> receiver's 201: ${push.at - seen.answeredAt} ms`);
    const message = pushMessageSchema.parse(push.message);
    const token = acknowledgeToken(ctx.config.secret, subscription.id, alertId);
    const alert = await ctx.database.db
      .selectFrom('elopement_alert_steps')
      .selectAll()
      .where('alert_id', '=', alertId)
      .executeTakeFirstOrThrow();
    expect(message).toEqual({
      v: 1,
      kind: 'elopement_alert',
      step: 'raised',
      alert_id: alertId,
      domain_uuid: MAPLE,
      ...pushTexts('raised', { person: 'Margaret Hill', exit: 'Front Entrance Outdoor' }),
      person_name: 'Margaret Hill',
      exit: 'Front Entrance Outdoor',
      at: new Date(alert.at).toISOString(),
      tier: 0,
      picture: expect.stringMatching(/^data:image\/jpeg;base64,[A-Za-z0-9+/]+=*$/),
      acknowledge: { url: '/api/v1/push/acknowledge', subscription_id: subscription.id, token },
      open_url: `/alerts?domain=${MAPLE}&alert=${alertId}`,
      tag: `alert-${alertId}`,
      renotify: true,
    });
    expect(message.title).toBe('Elopement risk: Margaret Hill');
    const jpeg = Buffer.from(message.picture!.split(',')[1]!, 'base64');
    expect(jpeg.length).toBeLessThanOrEqual(PUSH.pictureMaxBytes);
    const picture = await sharp(jpeg).metadata();
    expect(picture).toMatchObject({ format: 'jpeg', width: PUSH.pictureWidth, height: PUSH.pictureWidth });
    // no link to anything that outlives the alert (nor any signed media URL)
    expect(push.plaintext).not.toMatch(/https?:/i);
    expect(push.headers).toMatchObject({ urgency: 'high', topic: pushTopic(alertId), contentEncoding: 'aes128gcm' });
    expect(push.headers.ttl).toBeGreaterThan(PUSH.ttlSeconds - 60);
    expect(push.headers.ttl).toBeLessThanOrEqual(PUSH.ttlSeconds);
    expect(push.vapid).toMatchObject({ aud: receiver.origin, sub: 'mailto:vigil@localhost' });
    expect(push.vapid.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
    const rows = await settled(alertId);
    expect(rows.map((r) => [r.target, r.status, r.attempts])).toEqual([[subscription.id, 'sent', 1]]);
    const device = await ctx.database.db
      .selectFrom('push_subscriptions')
      .select('last_sent_at')
      .where('id', '=', subscription.id)
      .executeTakeFirstOrThrow();
    expect(device.last_sent_at).not.toBeNull();
  });

  it("acknowledges with the notification's token, once; the device's notification is then replaced silently", async () => {
    const token = acknowledgeToken(ctx.config.secret, subscription.id, alertId);
    // forged, another alert's, another device's, malformed
    const forged = `${token.slice(0, 42)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await acknowledge({ alert_id: alertId, subscription_id: subscription.id, token: forged })).statusCode).toBe(403);
    const otherDevice = acknowledgeToken(ctx.config.secret, '00000000-0000-4000-8000-000000000000', alertId);
    expect(
      (await acknowledge({ alert_id: alertId, subscription_id: '00000000-0000-4000-8000-000000000000', token: otherDevice })).statusCode,
    ).toBe(403);
    expect((await acknowledge({ alert_id: alertId, subscription_id: subscription.id, token: 'short' })).statusCode).toBe(400);

    const reply = await acknowledge({ alert_id: alertId, subscription_id: subscription.id, token });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ ok: true, state: 'acknowledged' });
    const again = await acknowledge({ alert_id: alertId, subscription_id: subscription.id, token });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toBe(ACKNOWLEDGE_MESSAGES.alreadyAcknowledged);

    const listed = await ctx.app.inject({ method: 'GET', url: `/api/v1/faces/alerts?domainUUID=${MAPLE}`, headers: bearer(nurse) });
    const alert = listed.json<{ alerts: ElopementAlert[] }>().alerts.find((a) => a.alert_id === alertId)!;
    expect(alert).toMatchObject({ state: 'acknowledged', acknowledged_device: 'Pixel 8' });
    expect(alert.acknowledged_by_end_user_info?.email).toBe('nurse@maple.example');

    await receiver.until(() => messagesOf(phone, alertId, 'acknowledged').length > 0);
    const [update] = messagesOf(phone, alertId, 'acknowledged');
    expect(update).toMatchObject({
      kind: 'elopement_alert',
      title: 'Nora Quinn is on it',
      body: 'Margaret Hill at Front Entrance Outdoor.',
      acknowledge: null,
      tag: `alert-${alertId}`,
      renotify: false,
    });
  });

  it('tries again after a 500 from the push service, and sends the same message', async () => {
    phone.answer(500);
    const { alertId: id } = await seenAtExit(WALTER);
    await receiver.until(() => messagesOf(phone, id!).length >= 2);
    const rows = await settled(id!);
    expect(rows.map((r) => [r.status, r.attempts, r.last_status])).toEqual([['sent', 2, 201]]);
    const tries = await ctx.database.db
      .selectFrom('alert_delivery_attempts')
      .selectAll()
      .where('delivery_id', '=', rows[0]!.id)
      .orderBy('at')
      .execute();
    expect(tries.map((t) => t.status_code)).toEqual([500, 201]);
    const [first, second] = phone.received.filter((r) => (r.message as PushMessage).alert_id === id);
    expect([first!.status, second!.status]).toEqual([500, 201]);
    expect(second!.message).toEqual(first!.message);
  });

  it('forgets a device its push service answers 410 for', async () => {
    const gone = receiver.device();
    gone.answer(410, { always: true });
    const view = await subscribed(manager, gone, 'Old iPhone');
    const { alertId: id } = await seenAtExit(MARGARET);
    const rows = await settled(id!);
    expect(rows.find((r) => r.target === view.id)).toMatchObject({ status: 'gone', last_status: 410 });
    expect(gone.received).toHaveLength(1);
    expect(await ctx.database.db.selectFrom('push_subscriptions').select('id').where('id', '=', view.id).execute()).toEqual([]);
  });

  it("follows a push sent before the face's crop came with a silent one that has the picture", async () => {
    const seen = await seenAtExit(MARGARET, { crop: 'later' });
    const id = seen.alertId!;
    await receiver.until(() => messagesOf(phone, id).length > 0);
    const [first] = messagesOf(phone, id);
    expect(first).toMatchObject({ step: 'raised', picture: null, renotify: true, tag: `alert-${id}` });
    await seen.sendCrop();
    await receiver.until(() => messagesOf(phone, id).length > 1);
    const [, second] = messagesOf(phone, id);
    expect(second).toEqual({ ...first, picture: expect.stringMatching(/^data:image\/jpeg;base64,/), renotify: false });
    const rows = await settled(id);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
  });

  it('sends nothing to a user who no longer receives alerts there (a role taken back), and their token no longer acknowledges', async () => {
    await ctx.transaction((trx) =>
      ctx.access.defineRole(trx, { name: 'night-porter', description: 'test', operations: { alerting: ['receive_er_alerts'] } }),
    );
    // taken back on the People page: the device ends at once
    const aide = await ctx.access.ensureUser('aide@maple.example', 'Ada Aide');
    await ctx.access.grant(aide.id, MAPLE, 'night-porter');
    const aideDevice = receiver.device();
    const aideView = await subscribed(await ctx.signIn('aide@maple.example'), aideDevice, 'Aide phone');
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/domains/${MAPLE}/accounts/${aide.id}`,
      headers: bearer(manager),
      payload: { roles: ['relative'] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await ctx.database.db.selectFrom('push_subscriptions').select('id').where('id', '=', aideView.id).execute()).toEqual([]);

    // taken back by the CLI (no People page): the device stays, but nothing is sent to it and its token is refused
    const porter = await ctx.access.ensureUser('porter@maple.example', 'Pat Porter');
    await ctx.access.grant(porter.id, MAPLE, 'night-porter');
    const porterDevice = receiver.device();
    const porterView = await subscribed(await ctx.signIn('porter@maple.example'), porterDevice, 'Porter phone');
    await ctx.transaction((trx) => ctx.access.revoke(trx, porter.id, MAPLE, 'night-porter'));

    const sent = phone.received.length;
    const { alertId: id } = await seenAtExit(WALTER);
    const rows = await settled(id!);
    expect(rows.map((r) => r.target)).toEqual([subscription.id]);
    expect(phone.received.length).toBe(sent + 1);
    expect(porterDevice.received).toEqual([]);
    expect(aideDevice.received).toEqual([]);
    const refused = await acknowledge({
      alert_id: id,
      subscription_id: porterView.id,
      token: acknowledgeToken(ctx.config.secret, porterView.id, id!),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: string }>().error).toBe(ACKNOWLEDGE_MESSAGES.pushLinkExpired);
  });

  it('sends nothing more to a device once its session logged out', async () => {
    const desk = receiver.device();
    const deskView = await subscribed(staff, desk, 'Front desk');
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/v4/logout', headers: bearer(nurse) });
    expect(logout.statusCode).toBe(200);
    expect(await ctx.database.db.selectFrom('push_subscriptions').select('id').where('id', '=', subscription.id).execute()).toEqual([]);
    const sent = phone.received.length;
    const { alertId: id } = await seenAtExit(MARGARET);
    const rows = await settled(id!);
    expect(rows.map((r) => [r.target, r.status])).toEqual([[deskView.id, 'sent']]);
    expect(messagesOf(desk, id!)).toHaveLength(1);
    expect(phone.received.length).toBe(sent);
    // and the logged-out device's token no longer acknowledges
    const late = await acknowledge({
      alert_id: id,
      subscription_id: subscription.id,
      token: acknowledgeToken(ctx.config.secret, subscription.id, id!),
    });
    expect(late.statusCode).toBe(403);
  });

  it('sends nothing about a person without consent when the building requires it', async () => {
    const desk = receiver.device();
    await subscribed(staff, desk, 'Second desk');
    const consent = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/privacy/consent',
      headers: bearer(manager),
      payload: { domain_uuid: MAPLE, required: true },
    });
    expect(consent.statusCode, consent.body).toBe(200);
    const before = receiver.received.length;
    const { alertId: id, raised } = await seenAtExit(WALTER);
    // (the match is not kept, so no alert is raised; were one raised, its pushes would be dropped)
    if (id) expect((await settled(id)).every((r) => r.status === 'dropped')).toBe(true);
    else expect(raised).toBe(0);
    const pending = await ctx.database.db.selectFrom('alert_deliveries').select('id').where('status', '=', 'pending').execute();
    expect(pending).toEqual([]);
    expect(receiver.received.length).toBe(before);
  });

  it('turns a device off at its owner’s request (audited)', async () => {
    const mine = await ctx.app.inject({ method: 'GET', url: `/api/v1/push/subscriptions?domain_uuid=${MAPLE}`, headers: bearer(staff) });
    const [first] = mine.json<{ subscriptions: PushSubscriptionView[] }>().subscriptions;
    const reply = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/push/subscriptions/${first!.id}`, headers: bearer(staff) });
    expect(reply.json()).toEqual({ ok: true });
    const again = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/push/subscriptions/${first!.id}`, headers: bearer(staff) });
    expect(again.statusCode).toBe(404);
    const entry = await ctx.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'unsubscribed_push')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.detail!)).toEqual({ device: 'Front desk', service: '127.0.0.1' });
  });
});
