import { INGEST } from '@vigil/contract';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/http-error.js';
import type { App } from '../../lib/routes.js';
import type { DetectorsService, KeyHolder } from './detectors.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    keyHolder: KeyHolder | undefined;
  }
}

/** Routes for detectors and analyzers: each request names its key holder (`request.keyHolder`) or gets 401. */
export function detectorKeyScope(app: App, detectors: DetectorsService, register: (scope: App) => void): void {
  void app.register(async (scope: App) => {
    scope.decorateRequest('keyHolder', undefined);
    scope.addHook('onRequest', async (request: FastifyRequest) => {
      const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      const key = match?.[1];
      if (!key?.startsWith(INGEST.keyPrefix)) throw unauthorized('A detector key is required: Authorization: Bearer vgd_…');
      const holder = await detectors.authenticate(key);
      if (!holder) throw unauthorized('This detector key is not valid, or it was revoked.');
      request.keyHolder = holder;
    });
    register(scope);
  });
}
