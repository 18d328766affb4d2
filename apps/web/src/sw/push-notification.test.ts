import { describe, expect, it } from 'vitest';
import { ACKNOWLEDGE_MESSAGES, PUSH, pushTexts, type PushMessage } from '@vigil/contract';
import { isShellNavigation } from './offline-shell';
import {
  ACKNOWLEDGED_TITLE,
  ALERT_VIBRATION,
  NOTIFICATION_ICONS,
  UNREACHABLE_TEXT,
  acknowledgeRequest,
  afterAcknowledge,
  notificationFor,
  openTarget,
  parsePushMessage,
  readAcknowledgeReply,
  windowToFocus,
} from './push-notification';

const origin = 'https://vigil.example';
const alertId = '0b6f0d3e-6d1a-4c55-9a53-1d8f7c1c2a01';
const subscriptionId = '5f3c1e9a-2b7d-4e8f-a1c3-9d2e4f6a8b10';
const domain = '7a1e4c2b-9d3f-4b6a-8e5c-1f2a3b4c5d6e';

function message(overrides: Partial<PushMessage> = {}): PushMessage {
  const texts = pushTexts('raised', { person: 'Grace Hopper', exit: 'Front Entrance Outdoor' });
  return {
    v: 1,
    kind: 'elopement_alert',
    step: 'raised',
    alert_id: alertId,
    domain_uuid: domain,
    ...texts,
    person_name: 'Grace Hopper',
    exit: 'Front Entrance Outdoor',
    at: '2026-12-01T22:15:04Z',
    tier: 0,
    picture: 'data:image/jpeg;base64,/9j/4AAQ',
    acknowledge: { url: '/api/v1/push/acknowledge', subscription_id: subscriptionId, token: 'A'.repeat(43) },
    open_url: `/alerts?alert=${alertId}`,
    tag: `elopement-${alertId}`,
    renotify: true,
    ...overrides,
  };
}

describe('parsePushMessage', () => {
  it("reads Vigil's message and ignores anything else without throwing", () => {
    expect(parsePushMessage(JSON.stringify(message()))).toEqual(message());
    expect(parsePushMessage(null)).toBeNull();
    expect(parsePushMessage('')).toBeNull();
    expect(parsePushMessage('not json {')).toBeNull();
    expect(parsePushMessage('"a string"')).toBeNull();
    expect(parsePushMessage(JSON.stringify({ ...message(), v: 2 }))).toBeNull();
    expect(parsePushMessage(JSON.stringify({ ...message(), alert_id: 'not-a-uuid' }))).toBeNull();
  });
});

describe('notificationFor', () => {
  it('rings a raised alert: its crop, the badge, tag, renotify, stays until answered, vibrates, both actions', () => {
    const { title, options } = notificationFor(message());
    expect(title).toBe('Elopement risk: Grace Hopper');
    expect(options).toMatchObject({
      body: 'Seen at Front Entrance Outdoor.',
      icon: 'data:image/jpeg;base64,/9j/4AAQ',
      badge: NOTIFICATION_ICONS.badge,
      tag: `elopement-${alertId}`,
      renotify: true,
      silent: false,
      requireInteraction: true,
      vibrate: ALERT_VIBRATION,
      timestamp: Date.parse('2026-12-01T22:15:04Z'),
    });
    expect(options.actions).toEqual([
      { action: 'acknowledge', title: "I'm on it" },
      { action: 'open', title: 'Open' },
    ]);
    expect(options.data).toEqual(message());
  });

  it('offers only Open without an acknowledgement, and the app icon without a picture (or with a link instead of one)', () => {
    const acknowledged = message({
      step: 'acknowledged',
      ...pushTexts('acknowledged', { person: 'Grace Hopper', exit: 'Front Entrance Outdoor', by: 'Nina Nurse' }),
      acknowledge: null,
      picture: null,
      renotify: false,
    });
    const { title, options } = notificationFor(acknowledged);
    expect(title).toBe('Nina Nurse is on it');
    expect(options.actions).toEqual([{ action: PUSH.openAction, title: PUSH.openText }]);
    expect(options.icon).toBe(NOTIFICATION_ICONS.icon);
    expect(options).toMatchObject({ requireInteraction: false, silent: true, renotify: false });
    expect(options.vibrate).toBeUndefined();
    expect(notificationFor(message({ picture: 'https://elsewhere.example/x.jpg' })).options.icon).toBe(NOTIFICATION_ICONS.icon);
  });

  it('keeps an escalation up until answered', () => {
    const escalated = notificationFor(message({ step: 'escalated', tier: 1 }));
    expect(escalated.options.requireInteraction).toBe(true);
    expect(escalated.options.actions).toHaveLength(2);
  });
});

describe('acknowledgeRequest', () => {
  it('posts the acknowledgement as JSON to its URL on this origin, without credentials', () => {
    const request = acknowledgeRequest(message(), origin);
    expect(request?.url).toBe('https://vigil.example/api/v1/push/acknowledge');
    expect(request?.init).toMatchObject({ method: 'POST', mode: 'same-origin', credentials: 'omit' });
    expect(request?.init.headers).toEqual({ 'content-type': 'application/json' });
    expect(JSON.parse(String(request?.init.body))).toEqual({ alert_id: alertId, subscription_id: subscriptionId, token: 'A'.repeat(43) });
  });

  it('sends nothing to another origin, nor for a message without an acknowledgement', () => {
    const elsewhere = message({ acknowledge: { ...message().acknowledge!, url: 'https://attacker.example/collect' } });
    expect(acknowledgeRequest(elsewhere, origin)).toBeNull();
    expect(acknowledgeRequest(message({ acknowledge: null }), origin)).toBeNull();
    expect(acknowledgeRequest(message({ alert_id: null }), origin)).toBeNull();
  });
});

describe('readAcknowledgeReply and afterAcknowledge', () => {
  it("says You're on it after a 200, quietly, with Open only", () => {
    const outcome = readAcknowledgeReply(200, { ok: true, state: 'acknowledged' });
    expect(outcome).toEqual({ ok: true });
    const { title, options } = afterAcknowledge(message(), outcome);
    expect(title).toBe(ACKNOWLEDGED_TITLE);
    expect(options.body).toBe('Grace Hopper at Front Entrance Outdoor.');
    expect(options).toMatchObject({ tag: `elopement-${alertId}`, renotify: false, silent: true, requireInteraction: false });
    expect(options.actions).toEqual([{ action: 'open', title: 'Open' }]);
    expect((options.data as PushMessage).acknowledge).toBeNull();
  });

  it("shows the server's reason for a refusal (someone else is on it) and drops I'm on it", () => {
    const outcome = readAcknowledgeReply(409, { ok: false, statusCode: 409, error: ACKNOWLEDGE_MESSAGES.alreadyAcknowledged });
    expect(outcome).toEqual({ ok: false, message: ACKNOWLEDGE_MESSAGES.alreadyAcknowledged, retry: false });
    const { title, options } = afterAcknowledge(message(), outcome);
    expect(title).toBe('This alert was already acknowledged.');
    expect(options.body).toBe('Elopement risk: Grace Hopper. Grace Hopper at Front Entrance Outdoor.');
    expect(options.actions).toEqual([{ action: 'open', title: 'Open' }]);
  });

  it("keeps I'm on it when trying again can help (a 500 or no connection)", () => {
    expect(readAcknowledgeReply(502, undefined)).toEqual({
      ok: false,
      message: 'Vigil answered with status 502: open Vigil.',
      retry: true,
    });
    const offline = afterAcknowledge(message(), { ok: false, message: UNREACHABLE_TEXT, retry: true });
    expect(offline.title).toBe(UNREACHABLE_TEXT);
    expect(offline.options.actions?.map((a) => a.action)).toEqual(['acknowledge', 'open']);
    expect((offline.options.data as PushMessage).acknowledge).toEqual(message().acknowledge);
  });
});

describe('openTarget and windowToFocus', () => {
  it("opens the message's path on this origin, else the alerts page", () => {
    expect(openTarget(message(), origin).href).toBe(`https://vigil.example/alerts?alert=${alertId}`);
    expect(openTarget(message({ open_url: 'https://elsewhere.example/' }), origin).href).toBe('https://vigil.example/alerts');
    expect(openTarget(null, origin).href).toBe('https://vigil.example/alerts');
  });

  it('brings forward the focused Vigil window, else a visible one, else any; never another site', () => {
    const w = (url: string, focused = false, visibilityState: DocumentVisibilityState = 'hidden') => ({ url, focused, visibilityState });
    const hidden = w('https://vigil.example/cameras');
    const visible = w('https://vigil.example/alerts', false, 'visible');
    const focused = w('https://vigil.example/faces', true, 'visible');
    const other = w('https://other.example/', true, 'visible');
    expect(windowToFocus([hidden, visible, focused, other], origin)).toBe(focused);
    expect(windowToFocus([hidden, visible, other], origin)).toBe(visible);
    expect(windowToFocus([other, hidden], origin)).toBe(hidden);
    expect(windowToFocus([other], origin)).toBeNull();
  });
});

describe('isShellNavigation', () => {
  it("answers the SPA's navigations with the shell and leaves the server's own to the network", () => {
    for (const path of ['/', '/alerts', '/alerts?alert=1', '/dashboard', '/faces/x', '/apis'])
      expect(isShellNavigation(path), path).toBe(true);
    for (const path of [
      '/api/docs',
      '/api/v1/config',
      '/media/1.sig/clips/x.mp4',
      '/socket.io/?EIO=4',
      '/oidc/auth?x=1',
      '/interaction/abc',
    ]) {
      expect(isShellNavigation(path), path).toBe(false);
    }
  });
});
