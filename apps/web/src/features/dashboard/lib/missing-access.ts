import { hasOperation, hasService, type RouteAccess, type Viewer } from '@vigil/contract';
import { matchPath } from 'react-router';

/** The route a refused target (path and query) was for, by the router's own patterns. */
export function routeOfTarget<T extends { path: string }>(routes: readonly T[], target: string): T | undefined {
  const pathname = target.split(/[?#]/, 1)[0] ?? '';
  return routes.find((route) => matchPath({ path: route.path, end: true }, pathname) !== null);
}

/** What the viewer lacks for a route, in words ("It needs account/view_audit."); null when nothing is missing. */
export function missingAccessText(access: RouteAccess, viewer: Viewer): string | null {
  const missing: string[] = [];
  if (access.staff && !viewer.staff) missing.push('staff status');
  if (access.service !== undefined) {
    const { service, operation } = access;
    if (operation !== undefined && !hasOperation(viewer.services, service, operation)) missing.push(`${service}/${operation}`);
    else if (operation === undefined && !hasService(viewer.services, service)) missing.push(`the ${service} service`);
  }
  return missing.length === 0 ? null : `It needs ${missing.join(' and ')}.`;
}
