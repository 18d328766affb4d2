import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadMqttConfig } from '../../mqtt-config.js';
import { buildingTopics, discoveryConfigs, statusTopic } from './mqtt-topics.js';
import { retryAfterMs } from './webhook-channel.js';
import { newWebhookSecret, webhookSignature } from './webhook-signature.js';

// The pure parts of MQTT and webhooks: configuration, topics, signatures, Retry-After.

describe('VIGIL_MQTT_*', () => {
  it('is off without VIGIL_MQTT_URL; defaults the prefixes; keeps the credentials apart from the URL', () => {
    expect(loadMqttConfig({})).toBeNull();
    expect(loadMqttConfig({ VIGIL_MQTT_URL: '  ' })).toBeNull();
    expect(loadMqttConfig({ VIGIL_MQTT_URL: 'mqtt://broker.local' })).toEqual({
      url: 'mqtt://broker.local',
      username: undefined,
      password: undefined,
      topicPrefix: 'vigil',
      discoveryPrefix: 'homeassistant',
    });
    expect(
      loadMqttConfig({
        VIGIL_MQTT_URL: 'mqtts://broker.local:8883/',
        VIGIL_MQTT_USERNAME: 'vigil',
        VIGIL_MQTT_PASSWORD: 'pw',
        VIGIL_MQTT_TOPIC_PREFIX: 'care/maple',
        VIGIL_MQTT_DISCOVERY_PREFIX: 'ha',
      }),
    ).toEqual({ url: 'mqtts://broker.local:8883', username: 'vigil', password: 'pw', topicPrefix: 'care/maple', discoveryPrefix: 'ha' });
  });

  it('refuses what is not a broker address, credentials in it (without repeating them), and wildcard prefixes', () => {
    expect(() => loadMqttConfig({ VIGIL_MQTT_URL: 'http://broker.local' })).toThrow(/must be mqtt:\/\/host\[:port\] or mqtts:\/\//);
    expect(() => loadMqttConfig({ VIGIL_MQTT_URL: 'broker.local:1883' })).toThrow(/VIGIL_MQTT_URL/);
    let message = '';
    try {
      loadMqttConfig({ VIGIL_MQTT_URL: 'mqtt://vigil:hunter2@broker.local' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/use VIGIL_MQTT_USERNAME and VIGIL_MQTT_PASSWORD/);
    expect(message).not.toContain('hunter2');
    expect(() => loadMqttConfig({ VIGIL_MQTT_URL: 'mqtt://broker.local/topic' })).toThrow(/address alone/);
    for (const prefix of ['vigil/#', '+/vigil', '/vigil', 'vigil/', 'a//b'])
      expect(() => loadMqttConfig({ VIGIL_MQTT_URL: 'mqtt://b', VIGIL_MQTT_TOPIC_PREFIX: prefix }), prefix).toThrow(
        /VIGIL_MQTT_TOPIC_PREFIX/,
      );
  });
});

describe('topics', () => {
  const config = { topicPrefix: 'vigil', discoveryPrefix: 'homeassistant' };
  const domain = '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01';
  it('are per building under the prefix, with Home Assistant’s discovery topics', () => {
    expect(statusTopic(config)).toBe('vigil/status');
    expect(buildingTopics(config, domain)).toEqual({
      event: `vigil/${domain}/elopement/event`,
      state: `vigil/${domain}/elopement/state`,
      binarySensorConfig: `homeassistant/binary_sensor/vigil_${domain}_elopement/config`,
      eventConfig: `homeassistant/event/vigil_${domain}_elopement/config`,
    });
    const configs = discoveryConfigs(config, domain, 'Maple Court').map((c) => JSON.parse(c.payload) as Record<string, unknown>);
    expect(configs.map((c) => c.unique_id)).toEqual([`vigil_${domain}_elopement`, `vigil_${domain}_elopement_event`]);
    expect(configs.every((c) => (c.device as { name: string }).name === 'Vigil Maple Court')).toBe(true);
  });
});

describe('webhook signatures', () => {
  it('are sha256= and the hex HMAC of "<timestamp>.<body>" keyed with the whole secret', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^vwhsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(secret);
    const body = '{"event_type":"raised"}';
    expect(webhookSignature(secret, 1767225600, body)).toBe(
      `sha256=${createHmac('sha256', secret).update(`1767225600.${body}`).digest('hex')}`,
    );
    // a known vector: a receiver in another language can check its own code against it
    expect(webhookSignature('vwhsec_test', 1700000000, '{}')).toBe(
      `sha256=${createHmac('sha256', 'vwhsec_test').update('1700000000.{}').digest('hex')}`,
    );
    expect(webhookSignature(secret, 1767225601, body)).not.toBe(webhookSignature(secret, 1767225600, body));
  });
});

describe('Retry-After of a 429', () => {
  const now = Date.parse('2026-03-01T10:00:00Z');
  it('is honoured in seconds or as a date, up to 5 minutes; otherwise the queue’s back-off', () => {
    expect(retryAfterMs('30', now)).toBe(30_000);
    expect(retryAfterMs('0', now)).toBe(1_000);
    expect(retryAfterMs('Sun, 01 Mar 2026 10:01:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs('301', now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});
