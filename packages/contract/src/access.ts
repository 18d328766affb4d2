import type { Operation, Service } from './common.js';
import { hasOperation, hasService, type ServiceMap } from './entitlements.js';

/** What a route asks of the signed-in user (spec part 1 §2, part 2 §2 and §6). */
export interface RouteAccess {
  login: boolean;
  staff?: boolean;
  service?: Service;
  operation?: Operation;
}

/** Who is looking: the session and the entitlements of the current domain. */
export interface Viewer {
  authenticated: boolean;
  staff: boolean;
  services: ServiceMap | undefined;
}

export const LOGIN_MESSAGE = 'Please log in.';

/** Navigation and dashboard cards show a route only when this holds. */
export function canAccess(access: RouteAccess, viewer: Viewer): boolean {
  if (!access.login) return true;
  if (!viewer.authenticated) return false;
  if (access.staff && !viewer.staff) return false;
  if (access.service === undefined) return true;
  if (!hasService(viewer.services, access.service)) return false;
  return access.operation === undefined || hasOperation(viewer.services, access.service, access.operation);
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

/**
 * The route guard. No session: to / with the full target and 'Please log in.'.
 * Missing staff status, service or operation: to /dashboard with the target as redirect.
 */
export function guardRoute(access: RouteAccess, viewer: Viewer, targetPath: string): GuardDecision {
  if (!access.login) return { kind: 'allow' };
  if (!viewer.authenticated) {
    const query = new URLSearchParams({ redirect: targetPath, message: LOGIN_MESSAGE });
    return { kind: 'redirect', to: `/?${query.toString()}` };
  }
  if (canAccess(access, viewer)) return { kind: 'allow' };
  return { kind: 'redirect', to: `/dashboard?${new URLSearchParams({ redirect: targetPath }).toString()}` };
}

/** A redirect target from a query string is followed only when it stays on this site. */
export function safeRedirectTarget(raw: string | null | undefined, fallback = '/dashboard'): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  if (raw === '/' || raw.startsWith('/?') || raw.startsWith('/#')) return fallback;
  // The URL parser drops tabs and newlines anywhere ("/\t/evil.example" is "//evil.example"): check where it really leads.
  if (new URL(raw, 'https://vigil.invalid').origin !== 'https://vigil.invalid') return fallback;
  return raw;
}
