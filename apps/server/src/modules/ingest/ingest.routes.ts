import {
  ANALYZER,
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
import { authenticatedScope, principalOf, type Authenticator } from '../../auth/authenticate.js';
import { replies, type App } from '../../lib/routes.js';
import { detectorKeyScope } from './detector-key.js';
import type { DetectorsService } from './detectors.service.js';
import type { IngestService } from './ingest.service.js';

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
  'elopement_risk at a camera marked as an exit raises an elopement alert (one per person and exit per 120 s), while',
  "their elopement_risk_hours hold at the face's captured_at in the building's time zone (null: always).",
].join(' ');

/** POST /api/ingest/v1/batch, with a detector or deployment key. */
export function ingestRoutes(
  app: App,
  deps: {
    ingest: IngestService;
    detectors: DetectorsService;
    cameraDomain: (camera: string) => Promise<string | undefined>;
  },
): void {
  detectorKeyScope(app, deps.detectors, (scope) => {
    scope.post(
      '/api/ingest/v1/batch',
      {
        bodyLimit: INGEST.bodyLimitBytes,
        config: { keyCall: 'batch' },
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
  });
}

/** A building's detector keys, for its administrators (alerting/edit). */
export function detectorsRoutes(app: App, deps: { authenticator: Authenticator; detectors: DetectorsService }): void {
  authenticatedScope(app, deps.authenticator, (scope) => {
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
      (request) => deps.detectors.create(principalOf(request), request.body.domain_uuid, request.body.name, request.body.purposes),
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
