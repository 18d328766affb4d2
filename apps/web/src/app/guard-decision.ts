import { guardRoute, type FlagId, type RouteAccess } from '@vigil/contract';
import type { FlagsState } from '../lib/flags';
import type { ViewerState } from '../lib/viewer';

export type GuardOutcome = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'wait' } | { kind: 'error'; message: string };

/**
 * The route guard around contract guardRoute: it waits (instead of deciding) while the entitlements a
 * route needs, or the flag values it depends on, are still loading, and sends a switched-off route to
 * /dashboard the same way as a missing entitlement.
 */
export function decideRoute(
  route: { access: RouteAccess; flag?: FlagId },
  viewerState: ViewerState,
  flags: FlagsState,
  target: string,
): GuardOutcome {
  const { viewer } = viewerState;
  if (!route.access.login || !viewer.authenticated) return guardRoute(route.access, viewer, target);
  if (route.access.service !== undefined) {
    if (viewerState.status === 'loading') return { kind: 'wait' };
    if (viewerState.status === 'error') return { kind: 'error', message: viewerState.message };
  }
  if (route.flag !== undefined) {
    if (!flags.ready) return { kind: 'wait' };
    if (!flags.flags[route.flag].value)
      return { kind: 'redirect', to: `/dashboard?${new URLSearchParams({ redirect: target }).toString()}` };
  }
  return guardRoute(route.access, viewer, target);
}
