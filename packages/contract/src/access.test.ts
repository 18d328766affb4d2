import { describe, expect, it } from 'vitest';
import { canAccess, guardRoute, safeRedirectTarget, type RouteAccess, type Viewer } from './access.js';

const signedOut: Viewer = { authenticated: false, staff: false, services: undefined };
const user = (services: Viewer['services'], staff = false): Viewer => ({ authenticated: true, staff, services });

const publicRoute: RouteAccess = { login: false };
const loginOnly: RouteAccess = { login: true };
const alertsRoute: RouteAccess = { login: true, service: 'alerting' };
const alertSettingsRoute: RouteAccess = { login: true, service: 'alerting', operation: 'edit' };
const staffOnboardRoute: RouteAccess = { login: true, staff: true, service: 'staff' };

/** Splits a redirect produced by guardRoute into its path and decoded query. */
function parseRedirect(to: string): { path: string; query: Record<string, string> } {
  const [path = '', search = ''] = to.split(/\?(.*)/s);
  const query: Record<string, string> = {};
  new URLSearchParams(search).forEach((value, key) => {
    query[key] = value;
  });
  return { path, query };
}

describe('canAccess', () => {
  it('lets anyone, even signed out, see a public route', () => {
    expect(canAccess(publicRoute, signedOut)).toBe(true);
    expect(canAccess({ login: false, service: 'video', operation: 'add' }, signedOut)).toBe(true);
  });

  it('refuses every login route to a signed-out visitor, even one that asks for no service', () => {
    expect(canAccess(loginOnly, signedOut)).toBe(false);
    expect(canAccess(alertsRoute, { ...signedOut, services: { alerting: ['edit'] } })).toBe(false);
  });

  it('lets a signed-in user without any entitlements see a login-only route', () => {
    expect(canAccess(loginOnly, user(undefined))).toBe(true);
  });

  it('refuses a staff-only route to a non-staff user, whatever they hold', () => {
    expect(canAccess(staffOnboardRoute, user({ staff: ['view_internal_links'] }, false))).toBe(false);
    expect(canAccess(staffOnboardRoute, user({ staff: ['view_internal_links'] }, true))).toBe(true);
  });

  it('requires the staff service too on a staff route that names one', () => {
    expect(canAccess(staffOnboardRoute, user({ alerting: ['edit'] }, true))).toBe(false);
  });

  it('refuses a route whose service the user lacks, and when the entitlement map is missing', () => {
    expect(canAccess(alertsRoute, user({ video: ['view_live'] }))).toBe(false);
    expect(canAccess(alertsRoute, user(undefined))).toBe(false);
    expect(canAccess(alertsRoute, user({}))).toBe(false);
  });

  it('grants a service route when the service is held, even with no operations', () => {
    expect(canAccess(alertsRoute, user({ alerting: [] }))).toBe(true);
  });

  it('refuses a route whose operation is missing under its service', () => {
    expect(canAccess(alertSettingsRoute, user({ alerting: ['view_historic', 'snooze'] }))).toBe(false);
    expect(canAccess(alertSettingsRoute, user({ alerting: [] }))).toBe(false);
  });

  it('does not count the operation when it is held under a different service', () => {
    expect(canAccess(alertSettingsRoute, user({ alerting: ['view_historic'], video: ['edit'] }))).toBe(false);
  });

  it('grants the route when login, service and operation all hold', () => {
    expect(canAccess(alertSettingsRoute, user({ alerting: ['view_historic', 'edit'] }))).toBe(true);
    expect(canAccess({ login: true, staff: true, operation: 'feature_flags' }, user(undefined, true))).toBe(true);
  });
});

describe('guardRoute', () => {
  it('allows a public route without a session', () => {
    expect(guardRoute(publicRoute, signedOut, '/')).toEqual({ kind: 'allow' });
  });

  it('sends a signed-out visitor to / with the full target and the login message', () => {
    const decision = guardRoute({ login: true, service: 'video' }, signedOut, '/view/abc/live?x=1');
    expect(decision).toEqual({
      kind: 'redirect',
      to: '/?redirect=%2Fview%2Fabc%2Flive%3Fx%3D1&message=Please+log+in.',
    });
    if (decision.kind !== 'redirect') throw new Error('expected a redirect');
    const { path, query } = parseRedirect(decision.to);
    expect(path).toBe('/');
    expect(query).toEqual({ redirect: '/view/abc/live?x=1', message: 'Please log in.' });
  });

  it('keeps every part of a target with several query fields and a hash', () => {
    const target = '/alerts?camera=a b&since=2024-01-01T00:00:00Z#top';
    const decision = guardRoute(loginOnly, signedOut, target);
    if (decision.kind !== 'redirect') throw new Error('expected a redirect');
    expect(parseRedirect(decision.to).query).toEqual({ redirect: target, message: 'Please log in.' });
  });

  it('sends a signed-in user without the service to /dashboard with the target as redirect and no message', () => {
    const decision = guardRoute(alertsRoute, user({ video: ['view_live'] }), '/alerts?x=1');
    expect(decision).toEqual({ kind: 'redirect', to: '/dashboard?redirect=%2Falerts%3Fx%3D1' });
    if (decision.kind !== 'redirect') throw new Error('expected a redirect');
    const { path, query } = parseRedirect(decision.to);
    expect(path).toBe('/dashboard');
    expect(query).toEqual({ redirect: '/alerts?x=1' });
  });

  it('sends a signed-in user without the operation, or without staff status, to /dashboard', () => {
    const missingOp = guardRoute(alertSettingsRoute, user({ alerting: ['view_historic'] }), '/alerts/settings');
    expect(missingOp).toEqual({ kind: 'redirect', to: '/dashboard?redirect=%2Falerts%2Fsettings' });
    const notStaff = guardRoute(staffOnboardRoute, user({ staff: [] }), '/staff/onboard');
    expect(notStaff).toEqual({ kind: 'redirect', to: '/dashboard?redirect=%2Fstaff%2Fonboard' });
  });

  it('allows a signed-in user holding what the route asks', () => {
    expect(guardRoute(alertSettingsRoute, user({ alerting: ['edit'] }), '/alerts/settings')).toEqual({ kind: 'allow' });
    expect(guardRoute(loginOnly, user(undefined), '/staff/onboard/addCameras')).toEqual({ kind: 'allow' });
  });
});

describe('safeRedirectTarget', () => {
  it.each([
    ['protocol-relative URL', '//evil.example'],
    ['protocol-relative URL with a path', '//evil.example/dashboard'],
    ['absolute URL', 'https://evil.example'],
    ['javascript URL', 'javascript:alert(1)'],
    ['backslash trick', '/\\evil'],
    ['backslash trick with a path', '/\\evil.example/alerts'],
    ['tab that the URL parser drops', '/\t/evil.example'],
    ['newline that the URL parser drops', '/\n/evil.example'],
    ['relative path without a leading slash', 'alerts'],
    ['the empty string', ''],
    ['the landing page', '/'],
    ['the landing page with a query', '/?message=Please+log+in.'],
    ['the landing page with a hash', '/#id_token=abc'],
  ])('rejects %s', (_label, raw) => {
    expect(safeRedirectTarget(raw)).toBe('/dashboard');
  });

  it('rejects null and undefined', () => {
    expect(safeRedirectTarget(null)).toBe('/dashboard');
    expect(safeRedirectTarget(undefined)).toBe('/dashboard');
  });

  it('uses the given fallback when it rejects', () => {
    expect(safeRedirectTarget('//evil.example', '/alerts')).toBe('/alerts');
    expect(safeRedirectTarget(null, '/view')).toBe('/view');
  });

  it('keeps an on-site path with its query and hash unchanged', () => {
    expect(safeRedirectTarget('/alerts?x=1')).toBe('/alerts?x=1');
    expect(safeRedirectTarget('/view/abc/live?x=1#t', '/elsewhere')).toBe('/view/abc/live?x=1#t');
    expect(safeRedirectTarget('/dashboard')).toBe('/dashboard');
  });

  it('round-trips the redirect that guardRoute hands to the landing page', () => {
    const decision = guardRoute(loginOnly, signedOut, '/view/abc/live?x=1');
    if (decision.kind !== 'redirect') throw new Error('expected a redirect');
    const redirect = new URLSearchParams(decision.to.slice(decision.to.indexOf('?') + 1)).get('redirect');
    expect(safeRedirectTarget(redirect)).toBe('/view/abc/live?x=1');
  });
});
