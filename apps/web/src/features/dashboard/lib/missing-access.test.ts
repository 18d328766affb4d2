import { describe, expect, it } from 'vitest';
import { missingAccessText, routeOfTarget } from './missing-access';

const viewer = (services: Record<string, string[]>, staff = false) => ({ authenticated: true, staff, services });

describe('missingAccessText', () => {
  it('names the missing operation, service or staff status', () => {
    const audit = { login: true, service: 'account', operation: 'view_audit' } as const;
    expect(missingAccessText(audit, viewer({ account: ['find_all'] }))).toBe('It needs account/view_audit.');
    expect(missingAccessText(audit, viewer({}))).toBe('It needs account/view_audit.');
    expect(missingAccessText({ login: true, service: 'alerting' }, viewer({ video: ['view_live'] }))).toBe(
      'It needs the alerting service.',
    );
    expect(
      missingAccessText({ login: true, staff: true, service: 'staff', operation: 'view_env_info' }, viewer({ staff: ['view_env_info'] })),
    ).toBe('It needs staff status.');
    expect(missingAccessText({ login: true, staff: true, service: 'staff', operation: 'view_env_info' }, viewer({}))).toBe(
      'It needs staff status and staff/view_env_info.',
    );
  });

  it('is null when the viewer holds it all (a route refused for another reason, e.g. a flag)', () => {
    expect(missingAccessText({ login: true, service: 'account', operation: 'view_audit' }, viewer({ account: ['view_audit'] }))).toBeNull();
  });
});

describe('routeOfTarget', () => {
  const routes = [{ path: '/alerts' }, { path: '/alerts/settings' }, { path: '/view/:cameraId?/:timestamp?' }, { path: '/staff/audit' }];
  it('finds the route by its pattern, ignoring the query', () => {
    expect(routeOfTarget(routes, '/staff/audit?x=1')).toEqual({ path: '/staff/audit' });
    expect(routeOfTarget(routes, '/alerts/settings')).toEqual({ path: '/alerts/settings' });
    expect(routeOfTarget(routes, '/view/abc')).toEqual({ path: '/view/:cameraId?/:timestamp?' });
    expect(routeOfTarget(routes, '/nowhere')).toBeUndefined();
  });
});
