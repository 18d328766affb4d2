import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { App } from '../lib/routes.js';
import { unauthorized } from '../lib/http-error.js';
import type { Principal } from './principal.js';
import { authorizeHook, declareAccess } from './route-access.js';

export interface Authenticator {
  authenticate(token: string): Promise<Principal | undefined>;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/** onRequest hook: every protected route answers 401 before anything else without a valid session. */
export function authenticateHook(authenticator: Authenticator): onRequestHookHandler {
  return async (request) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const principal = await authenticator.authenticate(token);
    if (!principal) throw unauthorized('Your session has expired. Please log in.');
    request.principal = { ...principal, address: request.ip };
  };
}

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/**
 * Registers routes in a scope where every request must carry a valid session (else 401) and the caller must hold one
 * of the route's declared rights in some building (config.access, else 403), both before the request is read.
 */
export function authenticatedScope(app: App, authenticator: Authenticator, register: (scope: App) => void): void {
  void app.register(async (scope: App) => {
    scope.addHook('onRoute', declareAccess);
    scope.addHook('onRequest', authenticateHook(authenticator));
    scope.addHook('onRequest', authorizeHook);
    register(scope);
  });
}
