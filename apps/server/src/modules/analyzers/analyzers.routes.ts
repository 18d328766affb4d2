import {
  ANALYZER,
  analyzerChangesQuerySchema,
  analyzerChangesReplySchema,
  analyzerHeartbeatBodySchema,
  analyzerHeartbeatReplySchema,
  analyzerStatusQuerySchema,
  analyzerStatusReplySchema,
  galleryQuerySchema,
  galleryReplySchema,
  modelPrototypesQuerySchema,
  modelPrototypesReplySchema,
  photoEmbeddingsBodySchema,
  photoEmbeddingsReplySchema,
} from '@vigil/contract';
import { z } from 'zod';
import { authenticatedScope, principalOf, type Authenticator } from '../../auth/authenticate.js';
import { replies, type App } from '../../lib/routes.js';
import { detectorKeyScope } from '../ingest/detector-key.js';
import type { DetectorsService } from '../ingest/detectors.service.js';
import type { AnalyzersService } from './analyzers.service.js';

const ANALYZER_DESCRIPTION = [
  "For analyzers (processes that watch the live video; Vigil's own or anyone's), with a detector or deployment key.",
  `Report every ${ANALYZER.heartbeatSeconds} s: the reply lists every camera the analyzer holds now, each with a lease`,
  `that ends ${ANALYZER.leaseSeconds} s after the last heartbeat (then another analyzer takes the camera) and the URL of`,
  'its live HLS playlist, valid while the lease lives. Cameras are shared evenly between the live analyzers of a key,',
  "up to each one's capacity; a camera missing from the reply is to be stopped. What it reports per camera is shown",
  'to staff (GET /api/v4/analyzers). Send what it sees to POST /api/ingest/v1/batch.',
].join(' ');

/** The analyzers' heartbeat and gallery (detector key), and what staff see of them (GET /api/v4/analyzers). */
export function analyzersRoutes(
  app: App,
  deps: { authenticator: Authenticator; detectors: DetectorsService; analyzers: AnalyzersService },
): void {
  detectorKeyScope(app, deps.detectors, (scope) => {
    scope.post(
      '/api/ingest/v1/analyzers/heartbeat',
      {
        config: { keyCall: 'heartbeat' },
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
      '/api/ingest/v1/analyzers/changes',
      {
        config: { keyCall: 'changes' },
        schema: {
          tags: ['ingest'],
          summary: 'A long poll: answers as soon as a camera the analyzer holds becomes an exit, stops being one, or leaves (analyzer key)',
          description: [
            "Pass the heartbeat reply's `changes_version` (or the last reply's `version`) as `since`: the reply comes at once when",
            `what the analyzer holds differs from it, else when it changes, or after at most ${ANALYZER.changesWaitSeconds} s with`,
            '`changed: false`. Keep one open and apply each reply the moment it comes: a camera marked an exit has its next frame',
            "treated as an exit's; a camera missing from `cameras` calls for a heartbeat now. 404 for an analyzer id this key",
            'has not sent a heartbeat with.',
          ].join(' '),
          security: [{ detectorKey: [] }],
          querystring: analyzerChangesQuerySchema,
          response: replies(analyzerChangesReplySchema, [400, 401, 403, 404]),
        },
      },
      (request, reply) => {
        // The client gone (the analyzer stopped, or restarted its poll): the wait ends.
        const gone = new AbortController();
        reply.raw.once('close', () => gone.abort());
        return deps.analyzers.changes(request.keyHolder!, request.query.analyzer_id, request.query.since, gone.signal);
      },
    );
    scope.get(
      '/api/ingest/v1/gallery',
      {
        config: { keyCall: 'gallery' },
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
      (request) => deps.analyzers.gallery(request.keyHolder!, request.query.domain_uuid, request.query.version, request.query.embedder),
    );
    scope.get(
      '/api/ingest/v1/model',
      {
        config: { keyCall: 'model' },
        schema: {
          tags: ['ingest'],
          summary: "The prototypes of a building's loaded face model (detector key); the gallery reply names the model",
          description:
            "A model's people are the registry's: match a face against each person's registry photos and these prototypes, score the best two with the model's calibration (contract calibratedConfidence) and name the best from its threshold. 404 once another model is loaded.",
          security: [{ detectorKey: [] }],
          querystring: modelPrototypesQuerySchema,
          response: replies(modelPrototypesReplySchema, [400, 401, 403, 404]),
        },
      },
      (request) => deps.analyzers.modelPrototypes(request.keyHolder!, request.query.domain_uuid, request.query.uuid),
    );
    scope.post(
      '/api/ingest/v1/gallery/embeddings',
      {
        bodyLimit: 4 * 1024 * 1024,
        config: { keyCall: 'photo_embeddings' },
        schema: {
          tags: ['ingest'],
          summary: "Registry photos' embeddings an analyzer made (detector key): models are trained on them, per embedder",
          security: [{ detectorKey: [] }],
          body: photoEmbeddingsBodySchema,
          response: replies(photoEmbeddingsReplySchema, [400, 401, 403, 413]),
        },
      },
      (request) => deps.analyzers.storePhotoEmbeddings(request.keyHolder!, request.body),
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
  });
}
