import {
  INGEST,
  createDetectorBodySchema,
  createDetectorReplySchema,
  detectorParamsSchema,
  detectorsQuerySchema,
  detectorsReplySchema,
  ingestBatchSchema,
  ingestReplySchema,
  revokeDetectorReplySchema,
} from '@vigil/contract';
import type { FastifyRequest } from 'fastify';
import { authenticatedScope, principalOf, type Authenticator } from '../../auth/authenticate.js';
import type { DetectorRow } from '../../db/schema.js';
import { unauthorized } from '../../lib/http-error.js';
import { replies, type App } from '../../lib/routes.js';
import type { DetectorsService } from './detectors.service.js';
import type { IngestService } from './ingest.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    detector: DetectorRow | undefined;
  }
}

const INGEST_DESCRIPTION = [
  "How detectors (Vigil's analyzer or any third-party one) send what they see.",
  'Authenticate with `Authorization: Bearer vgd_…`, a detector key an administrator creates for one building',
  '(POST /api/ingest/v1/detectors, or `npm run vigil -- add-detector <building> <name>`).',
  'A batch holds up to 5000 events and 1000 faces. It is validated whole and written in one transaction:',
  "a bad item refuses the whole batch (400) and writes nothing. Cameras must belong to the key's building;",
  'times are UTC ISO 8601 and may not lie more than 5 minutes in the future. Boxes are fractions of the frame.',
  'source_id (events) and runtime_face_uuid (faces) make retries safe: a repeated one is counted as a duplicate, not stored twice.',
  "Events become alerts by the building's alert settings; a face matched (confidence ≥ 0.9) to a resident flagged",
  'elopement_risk at a camera marked as an exit raises an elopement alert (one per person and exit per 120 s).',
].join(' ');

export function ingestRoutes(app: App, deps: { authenticator: Authenticator; ingest: IngestService; detectors: DetectorsService }): void {
  void app.register(async (scope: App) => {
    scope.decorateRequest('detector', undefined);
    scope.addHook('onRequest', async (request: FastifyRequest) => {
      const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      const key = match?.[1];
      if (!key?.startsWith(INGEST.keyPrefix)) throw unauthorized('A detector key is required: Authorization: Bearer vgd_…');
      const detector = await deps.detectors.authenticate(key);
      if (!detector) throw unauthorized('This detector key is not valid, or it was revoked.');
      request.detector = detector;
    });
    scope.post(
      '/api/ingest/v1/batch',
      {
        bodyLimit: INGEST.bodyLimitBytes,
        schema: {
          tags: ['ingest'],
          summary: 'Send a batch of object-detection events and face detections (detector key)',
          description: INGEST_DESCRIPTION,
          security: [{ detectorKey: [] }],
          body: ingestBatchSchema,
          response: replies(ingestReplySchema, [400, 401]),
        },
      },
      (request) => deps.ingest.ingest(request.detector!, request.body),
    );
  });

  authenticatedScope(app, deps.authenticator, (scope) => {
    scope.get(
      '/api/ingest/v1/detectors',
      {
        schema: {
          tags: ['ingest'],
          summary: "A building's detector keys (alerting/edit); keys themselves are never shown again",
          querystring: detectorsQuerySchema,
          response: replies(detectorsReplySchema, [400, 401, 403]),
        },
      },
      (request) => deps.detectors.list(principalOf(request), request.query.domain_uuid),
    );
    scope.post(
      '/api/ingest/v1/detectors',
      {
        schema: {
          tags: ['ingest'],
          summary: 'Create a detector key for a building (alerting/edit); the reply holds the key, once',
          body: createDetectorBodySchema,
          response: replies(createDetectorReplySchema, [400, 401, 403]),
        },
      },
      (request) => deps.detectors.create(principalOf(request), request.body.domain_uuid, request.body.name),
    );
    scope.delete(
      '/api/ingest/v1/detectors/:id',
      {
        schema: {
          tags: ['ingest'],
          summary: 'Revoke a detector key (alerting/edit): its batches are refused from now on',
          params: detectorParamsSchema,
          response: replies(revokeDetectorReplySchema, [400, 401, 403, 404]),
        },
      },
      (request) => deps.detectors.revoke(principalOf(request), request.params.id),
    );
  });
}
