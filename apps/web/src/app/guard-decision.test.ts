import { describe, expect, it } from 'vitest';
import { resolveFlags } from '@vigil/contract';
import type { ViewerState } from '../lib/viewer';
import { decideRoute } from './guard-decision';

const flagsOn = { flags: resolveFlags({}, {}), ready: true };
const camerasOff = { flags: resolveFlags({}, { viewer: false }), ready: true };
const signedIn = { authenticated: true, staff: false, services: undefined };
const loading: ViewerState = { status: 'loading', viewer: signedIn };
const ready = (services: ViewerState['viewer']['services'], staff = false): ViewerState => ({
  status: 'ready',
  viewer: { authenticated: true, staff, services },
  domainId: 'd1',
  services,
});
const video = { access: { login: true, service: 'video' as const }, flag: 'viewer' as const };

describe('decideRoute', () => {
  it('sends a visitor without a session to / with the target and the login message', () => {
    const outcome = decideRoute(
      video,
      { status: 'ready', viewer: { authenticated: false, staff: false, services: undefined }, domainId: null, services: undefined },
      flagsOn,
      '/view/x?y=1',
    );
    expect(outcome).toEqual({ kind: 'redirect', to: '/?redirect=%2Fview%2Fx%3Fy%3D1&message=Please+log+in.' });
  });

  it('waits for entitlements before deciding a service route, but not a login-only one', () => {
    expect(decideRoute(video, loading, flagsOn, '/view')).toEqual({ kind: 'wait' });
    expect(decideRoute({ access: { login: true } }, loading, flagsOn, '/dashboard')).toEqual({ kind: 'allow' });
  });

  it('waits for the server flag values when the route depends on a flag', () => {
    expect(decideRoute(video, ready({ video: [] }), { ...flagsOn, ready: false }, '/view')).toEqual({ kind: 'wait' });
  });

  it('reports a failed entitlements load instead of redirecting', () => {
    expect(decideRoute(video, { status: 'error', viewer: signedIn, message: 'boom' }, flagsOn, '/view')).toEqual({
      kind: 'error',
      message: 'boom',
    });
  });

  it('sends a switched-off or unentitled route to /dashboard with the target', () => {
    expect(decideRoute(video, ready({ video: [] }), camerasOff, '/view')).toEqual({ kind: 'redirect', to: '/dashboard?redirect=%2Fview' });
    expect(decideRoute(video, ready({ faces: [] }), flagsOn, '/view')).toEqual({ kind: 'redirect', to: '/dashboard?redirect=%2Fview' });
  });

  it('lets an entitled user through', () => {
    expect(decideRoute(video, ready({ video: ['view_live'] }), flagsOn, '/view')).toEqual({ kind: 'allow' });
  });
});
