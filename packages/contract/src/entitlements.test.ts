import { describe, expect, it } from 'vitest';
import {
  entitlementsReplySchema,
  hasOperation,
  hasOperationAnywhere,
  hasService,
  holdsRight,
  holdsRightAnywhere,
  type ServiceMap,
} from './entitlements.js';

const map: ServiceMap = {
  alerting: ['view_historic', 'receive_er_alerts'],
  video: [],
  staff: ['view_git_info'],
};

describe('hasService', () => {
  it('is false without a map, and for an empty map', () => {
    expect(hasService(undefined, 'video')).toBe(false);
    expect(hasService({}, 'video')).toBe(false);
  });

  it('is true for a held service even when it lists no operations', () => {
    expect(hasService(map, 'video')).toBe(true);
    expect(hasService(map, 'alerting')).toBe(true);
  });

  it('is false for a service not in the map', () => {
    expect(hasService(map, 'faces')).toBe(false);
  });
});

describe('hasOperation', () => {
  it('is false without a map', () => {
    expect(hasOperation(undefined, 'alerting', 'view_historic')).toBe(false);
  });

  it('is true only for an operation held under that very service', () => {
    expect(hasOperation(map, 'alerting', 'view_historic')).toBe(true);
    expect(hasOperation(map, 'alerting', 'edit')).toBe(false);
    expect(hasOperation(map, 'video', 'view_historic')).toBe(false);
    expect(hasOperation(map, 'faces', 'view_historic')).toBe(false);
  });
});

describe('hasOperationAnywhere', () => {
  it('is false without a map, and for an empty map', () => {
    expect(hasOperationAnywhere(undefined, 'view_git_info')).toBe(false);
    expect(hasOperationAnywhere({}, 'view_git_info')).toBe(false);
  });

  it('finds an operation under any service of the domain', () => {
    expect(hasOperationAnywhere(map, 'view_git_info')).toBe(true);
    expect(hasOperationAnywhere(map, 'receive_er_alerts')).toBe(true);
  });

  it('is false when no service lists the operation', () => {
    expect(hasOperationAnywhere(map, 'view_internal_links')).toBe(false);
  });
});

describe('holdsRight', () => {
  it('reads a bare service as the service held with any operations, and service/operation as that operation', () => {
    expect(holdsRight(map, 'video')).toBe(true);
    expect(holdsRight(map, 'video/view_live')).toBe(false);
    expect(holdsRight(map, 'alerting/receive_er_alerts')).toBe(true);
    expect(holdsRight(map, 'faces')).toBe(false);
    expect(holdsRight(undefined, 'video')).toBe(false);
  });
});

describe('holdsRightAnywhere', () => {
  it('is true when any one domain holds the right', () => {
    const byDomain = { a: { video: ['view_historic' as const] }, b: map };
    expect(holdsRightAnywhere(byDomain, 'staff/view_git_info')).toBe(true);
    expect(holdsRightAnywhere(byDomain, 'video/view_historic')).toBe(true);
    expect(holdsRightAnywhere(byDomain, 'video/view_live')).toBe(false);
    expect(holdsRightAnywhere({}, 'video')).toBe(false);
  });
});

describe('entitlementsReplySchema', () => {
  it('accepts a map of domain to service to operations', () => {
    const reply = { ok: true, entitlementsByDomain: { 'domain-1': { video: ['view_live'] }, 'domain-2': {} } };
    expect(entitlementsReplySchema.parse(reply)).toEqual(reply);
  });

  it('rejects an unknown service or operation', () => {
    expect(entitlementsReplySchema.safeParse({ ok: true, entitlementsByDomain: { d: { billing: ['view_live'] } } }).success).toBe(false);
    expect(entitlementsReplySchema.safeParse({ ok: true, entitlementsByDomain: { d: { video: ['fly'] } } }).success).toBe(false);
  });
});
