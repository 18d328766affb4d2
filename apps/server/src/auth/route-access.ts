import { holdsRightAnywhere, type Right } from '@vigil/contract';
import type { onRequestHookHandler, RouteOptions } from 'fastify';
import { forbidden, unauthorized } from '../lib/http-error.js';
import type { Principal } from './principal.js';

/**
 * Who may call a route at all, whatever the building: one of `rights` in some building, or any signed-in user (with
 * the reason). Checked right after sign-in, before the request is read; which building is then checked by the service.
 */
export type RouteAccess = { rights: readonly [Right, ...Right[]]; refusal?: string } | { anySignedInUser: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** required on every route that takes a session (see authenticatedScope) */
    access?: RouteAccess;
  }
}

/** The 403 for a caller who may not use the route anywhere, or nothing. */
export function accessRefusal(principal: Principal, access: RouteAccess): Error | undefined {
  if ('anySignedInUser' in access) return undefined;
  // The staff service only ever goes to internal staff: others are told so, as requireStaff does.
  if (!principal.staff && access.rights.every((right) => right.split('/')[0] === 'staff'))
    return forbidden('This is for internal staff only.');
  if (access.rights.some((right) => holdsRightAnywhere(principal.entitlements, right))) return undefined;
  return forbidden(access.refusal ?? `You do not have ${access.rights.join(' or ')} access in any building.`);
}

/** onRequest hook after authenticateHook: 403 before the body, query or path is read or validated. */
export const authorizeHook: onRequestHookHandler = async (request) => {
  const access = request.routeOptions.config.access;
  // declareAccess refuses such a route at startup; a request can only get here by a bug, and gets no further.
  if (!access) throw forbidden('This call declares no access.');
  if (!request.principal) throw unauthorized();
  const refusal = accessRefusal(request.principal, access);
  if (refusal) throw refusal;
};

/** onRoute hook: a route that takes a session must say who may use it; the OpenAPI document shows it (x-vigil-access). */
export function declareAccess(route: RouteOptions): void {
  const access = route.config?.access;
  if (!access) throw new Error(`${String(route.method)} ${route.url} takes a session but declares no config.access`);
  route.schema = { ...route.schema, 'x-vigil-access': access } as RouteOptions['schema'];
}
