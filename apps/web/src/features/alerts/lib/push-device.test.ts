import { describe, expect, it } from 'vitest';
import type { PushSubscriptionView } from '@vigil/contract';
import { pushDeviceState, recordTurnedOff, recordTurnedOn } from './push-device';

const A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const view = (id: string, domain = A): PushSubscriptionView => ({
  id,
  domain_uuid: domain,
  device_label: 'Pixel 8 (Chrome)',
  service: 'fcm.googleapis.com',
  created_at: '2026-12-01T20:00:00Z',
  last_sent_at: null,
});
const endpoint = 'https://fcm.googleapis.com/fcm/send/one';

describe('pushDeviceState', () => {
  const record = { endpoint, domains: { [A]: { id: 's1', label: 'Pixel 8 (Chrome)' } } };
  const browser = { worker: true, endpoint };

  it('is on while the browser keeps the subscription this device registered and the server still lists it', () => {
    expect(pushDeviceState({ blocker: null, browser, record, subscriptions: [view('s1')], domainId: A })).toEqual({
      kind: 'on',
      subscription: view('s1'),
    });
  });

  it('is off when any of the three is gone: the server ended it, the browser replaced it, or it was for another building', () => {
    expect(pushDeviceState({ blocker: null, browser, record, subscriptions: [], domainId: A }).kind).toBe('off');
    expect(
      pushDeviceState({
        blocker: null,
        browser: { worker: true, endpoint: 'https://fcm.googleapis.com/fcm/send/two' },
        record,
        subscriptions: [view('s1')],
        domainId: A,
      }).kind,
    ).toBe('off');
    expect(
      pushDeviceState({ blocker: null, browser: { worker: true, endpoint: null }, record, subscriptions: [view('s1')], domainId: A }).kind,
    ).toBe('off');
    expect(pushDeviceState({ blocker: null, browser, record, subscriptions: [view('s1')], domainId: B }).kind).toBe('off');
    expect(pushDeviceState({ blocker: null, browser, record: null, subscriptions: [view('s1')], domainId: A }).kind).toBe('off');
  });

  it('says why first, then waits for the browser and the server', () => {
    expect(pushDeviceState({ blocker: 'insecure', browser: undefined, record, subscriptions: undefined, domainId: A })).toEqual({
      kind: 'blocked',
      blocker: 'insecure',
    });
    expect(pushDeviceState({ blocker: null, browser: undefined, record, subscriptions: [], domainId: A }).kind).toBe('checking');
    expect(pushDeviceState({ blocker: null, browser, record, subscriptions: undefined, domainId: A }).kind).toBe('checking');
    expect(
      pushDeviceState({ blocker: null, browser: { worker: false, endpoint: null }, record, subscriptions: [], domainId: A }).kind,
    ).toBe('no-worker');
  });
});

describe('recordTurnedOn and recordTurnedOff', () => {
  it('keeps one entry per building for one endpoint, and starts afresh for a new endpoint', () => {
    const one = recordTurnedOn(null, endpoint, A, view('s1'));
    const two = recordTurnedOn(one, endpoint, B, view('s2', B));
    expect(two).toEqual({
      endpoint,
      domains: { [A]: { id: 's1', label: 'Pixel 8 (Chrome)' }, [B]: { id: 's2', label: 'Pixel 8 (Chrome)' } },
    });
    expect(recordTurnedOn(two, 'https://fcm.googleapis.com/fcm/send/new', A, view('s3')).domains).toEqual({
      [A]: { id: 's3', label: 'Pixel 8 (Chrome)' },
    });
    expect(recordTurnedOff(two, 's1')).toEqual({ endpoint, domains: { [B]: { id: 's2', label: 'Pixel 8 (Chrome)' } } });
    expect(recordTurnedOff(recordTurnedOff(two, 's1'), 's2'), 'no building left').toBeNull();
    expect(recordTurnedOff(two, 'another device'), "another device's subscription").toEqual(two);
  });
});
