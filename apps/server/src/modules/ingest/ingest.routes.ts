import {
  ANALYZER,
  INGEST,
  analyzerHeartbeatBodySchema,
  analyzerHeartbeatReplySchema,
  analyzerStatusQuerySchema,
  analyzerStatusReplySchema,
  galleryQuerySchema,
  galleryReplySchema,
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
import { z } from 'zod';
import { unauthorized } from '../../lib/http-error.js';
import { replies, type App } from '../../lib/routes.js';
import type { AnalyzersService } from './analyzers.service.js';
import type { DetectorsService, KeyHolder } from './detectors.service.js';
import type { IngestService } from './ingest.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    keyHolder: KeyHolder | undefined;
  }
}

const INGEST_DESCRIPTION = [
  "How detectors (Vigil's analyzer or any third-party one) send what they see.",
  'Authenticate with `Authorization: Bearer vgd_…`, a detector key an administrator creates for one building',
  '(POST /api/ingest/v1/detectors, or `npm run vigil -- add-detector <building> <name>`), or a deployment key that',
  "serves every building (`npm run vigil -- add-deployment-key <name>`; a batch then holds one building's cameras).",
  'A batch holds up to 5000 events and 1000 faces. It is validated whole and written in one transaction:',
  "a bad item refuses the whole batch (400) and writes nothing. Cameras must belong to the key's building;",
  'times are UTC ISO 8601 and may not lie more than 5 minutes in the future. Boxes are fractions of the frame.',
  'source_id (events) and runtime_face_uuid (faces) make retries safe: a repeated one is counted as a duplicate, not stored twice.',
  `Pictures are JPEGs in base64, each optional: an event's frame (at most ${ANALYZER.maxEventFrameBytes / 1024} KiB) is its picture`,
  "in the event lists at once (without one, the picture is cut from the recording); a face's crop",
  `(${ANALYZER.maxCropBytes / 1024} KiB) and frame (${ANALYZER.maxFrameBytes / 1024} KiB) are the detection's and its alert's pictures.`,
  "Events become alerts by the building's alert settings; a face matched (confidence ≥ 0.9) to a resident flagged",
  'elopement_risk at a camera marked as an exit raises an elopement alert (one per person and exit per 120 s).',
].join(' ');

const ANALYZER_DESCRIPTION = [
  "For analyzers (processes that watch the live video; Vigil's own or anyone's), with a detector or deployment key.",
  `Report every ${ANALYZER.heartbeatSeconds} s: the reply lists every camera the analyzer holds now, each with a lease`,
  `that ends ${ANALYZER.leaseSeconds} s after the last heartbeat (then another analyzer takes the camera) and the URL of`,
  'its live HLS playlist, valid while the lease lives. Cameras are shared evenly between the live analyzers of a key,',
  "up to each one's capacity; a camera missing from the reply is to be stopped. What it reports per camera is shown",
  'to staff (GET /api/v4/analyzers). Send what it sees to POST /api/ingest/v1/batch.',
].join(' ');

export function ingestRoutes(
  app: App,
  deps: {
    authenticator: Authenticator;
    ingest: IngestService;
    detectors: DetectorsService;
    analyzers: AnalyzersService;
    cameraDomain: (camera: string) => Promise<string | undefined>;
  },
): void {
  void app.register(async (scope: App) => {
    scope.decorateRequest('keyHolder', undefined);
    scope.addHook('onRequest', async (request: FastifyRequest) => {
      const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      const key = match?.[1];
      if (!key?.startsWith(INGEST.keyPrefix)) throw unauthorized('A detector key is required: Authorization: Bearer vgd_…');
      const holder = await deps.detectors.authenticate(key);
      if (!holder) throw unauthorized('This detector key is not valid, or it was revoked.');
      request.keyHolder = holder;
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
          response: replies(ingestReplySchema, [400, 401, 403]),
        },
      },
      async (request) =>
        deps.ingest.ingest(await deps.detectors.detectorForBatch(request.keyHolder!, request.body, deps.cameraDomain), request.body),
    );
    scope.post(
      '/api/ingest/v1/analyzers/heartbeat',
      {
        schema: {
          tags: ['ingest'],
          summary: 'An analyzer reports, renews its camera leases and learns which cameras to analyse (detector key)',
          description: ANALYZER_DESCRIPTION,
          security: [{ detectorKey: [] }],
          body: analyzerHeartbeatBodySchema,
          response: replies(analyzerHeartbeatReplySchema, [400, 401, 409]),
        },
      },
      (request) => deps.analyzers.heartbeat(request.keyHolder!, request.body),
    );
    scope.get(
      '/api/ingest/v1/gallery',
      {
        schema: {
          tags: ['ingest'],
          summary: "A building's gallery: the registry photos faces are matched against (detector key)",
          description:
            'Everyone in service with a photo; each photo a signed link, its uuid new whenever it is replaced. Pass the last `version` to get `changed: false` and no people while nothing changed (poll it every few seconds: a new photo must be recognisable within 10 s, a deleted person must stop matching).',
          security: [{ detectorKey: [] }],
          querystring: galleryQuerySchema.extend({ version: z.string().max(200).optional() }),
          response: replies(galleryReplySchema.extend({ changed: z.boolean() }), [400, 401, 403]),
        },
      },
      (request) => deps.analyzers.gallery(request.keyHolder!, request.query.domain_uuid, request.query.version),
    );
  });

  authenticatedScope(app, deps.authenticator, (scope) => {
    scope.get(
      '/api/v4/analyzers',
      {
        config: { access: { rights: ['video'] } },
        schema: {
          tags: ['ingest'],
          summary: "Whether and how each of a building's cameras is analysed (video service)",
          querystring: analyzerStatusQuerySchema,
          response: replies(analyzerStatusReplySchema, [400, 401, 403]),
        },
      },
      (request) => deps.analyzers.status(principalOf(request), request.query.domain_uuid),
    );
    scope.get(
      '/api/ingest/v1/detectors',
      {
        config: { access: { rights: ['alerting/edit'] } },
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
        config: { access: { rights: ['alerting/edit'] } },
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
        config: { access: { rights: ['alerting/edit'] } },
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
