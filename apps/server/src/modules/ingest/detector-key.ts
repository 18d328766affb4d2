import { INGEST, type KeyCall } from '@vigil/contract';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/http-error.js';
import type { App } from '../../lib/routes.js';
import { requireKeyCall, type DetectorsService, type KeyHolder } from './detectors.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    keyHolder: KeyHolder | undefined;
  }
  interface FastifyContextConfig {
    /** the machine call a key-authenticated route makes: the key's purposes must allow it (KEY_CALLS) */
    keyCall?: KeyCall;
  }
}

/**
 * Routes for machines (analyzers, detectors, access-control systems): each request names its key holder
 * (`request.keyHolder`) or gets 401, and is refused (403) before its body is read unless the key's purposes allow the
 * route's `config.keyCall`. A route registered here without one is a programming error, caught at start-up.
 */
export function detectorKeyScope(app: App, detectors: DetectorsService, register: (scope: App) => void): void {
  void app.register(async (scope: App) => {
    scope.decorateRequest('keyHolder', undefined);
    scope.addHook('onRoute', (route) => {
      if (!route.config?.keyCall) throw new Error(`${route.method} ${route.url} takes a machine key but names no keyCall`);
    });
    scope.addHook('onRequest', async (request: FastifyRequest) => {
      const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      const key = match?.[1];
      if (!key?.startsWith(INGEST.keyPrefix)) throw unauthorized('A detector key is required: Authorization: Bearer vgd_…');
      const holder = await detectors.authenticate(key);
      if (!holder) throw unauthorized('This detector key is not valid, or it was revoked.');
      // A refused call is a use too: the key list shows that the key is out there, trying.
      await detectors.markUsed(holder);
      requireKeyCall(holder, request.routeOptions.config.keyCall!);
      request.keyHolder = holder;
    });
    register(scope);
  });
}
