import { describe, expect, it } from 'vitest';
import { deliveryLogQuerySchema, webhookDescriptionSchema, webhookUrlSchema, webhookUrlShown } from './delivery-outbound.js';

describe('webhook addresses', () => {
  it('takes http and https addresses, with a query, and refuses other schemes and credentials', () => {
    expect(webhookUrlSchema.safeParse('https://gateway.example/hooks/vigil?token=abc').success).toBe(true);
    expect(webhookUrlSchema.safeParse('http://10.0.0.5:8080/nurse-call').success).toBe(true);
    for (const bad of ['ftp://gateway.example/x', 'gateway.example/x', 'javascript:alert(1)', 'mqtt://broker.example', ''])
      expect(webhookUrlSchema.safeParse(bad).success, bad).toBe(false);
    const withPassword = webhookUrlSchema.safeParse('https://user:secret@gateway.example/x');
    expect(withPassword.success).toBe(false);
    expect(withPassword.error?.issues[0]?.message).toMatch(/may not hold a user or password/);
    expect(webhookUrlSchema.safeParse(`https://gateway.example/${'a'.repeat(2050)}`).success).toBe(false);
  });

  it('are shown and logged without their query string or fragment', () => {
    expect(webhookUrlShown('https://gateway.example:8443/hooks/vigil?token=abc#x')).toBe('https://gateway.example:8443/hooks/vigil');
    expect(webhookUrlShown('http://127.0.0.1:9000/')).toBe('http://127.0.0.1:9000/');
    expect(webhookUrlShown('not a url')).toBe('(not a URL)');
  });

  it('have a short description', () => {
    expect(webhookDescriptionSchema.parse('  Ward 2 nurse call  ')).toBe('Ward 2 nurse call');
    expect(webhookDescriptionSchema.safeParse('x'.repeat(201)).success).toBe(false);
  });
});

describe('the delivery log query', () => {
  it('names a building, optionally a channel, and at most 500 rows (100 by default)', () => {
    const domain = '5f0c8a2e-6b1d-4c3e-9a47-0d2b7e1f3a01';
    expect(deliveryLogQuerySchema.parse({ domain_uuid: domain })).toEqual({ domain_uuid: domain, limit: 100 });
    expect(deliveryLogQuerySchema.parse({ domain_uuid: domain, channel: 'webhook', limit: '20' })).toEqual({
      domain_uuid: domain,
      channel: 'webhook',
      limit: 20,
    });
    expect(deliveryLogQuerySchema.safeParse({ domain_uuid: domain, channel: 'fanout' }).success).toBe(false);
    expect(deliveryLogQuerySchema.safeParse({ domain_uuid: domain, limit: 501 }).success).toBe(false);
    expect(deliveryLogQuerySchema.safeParse({}).success).toBe(false);
  });
});
