import {
  BADGES,
  accessEventsParamsSchema,
  accessEventsQuerySchema,
  accessEventsReplySchema,
  confirmedTagsBodySchema,
  confirmedTagsQuerySchema,
  confirmedTagsReplySchema,
  confirmedTagsSavedSchema,
  credentialReportQuerySchema,
  credentialReportReplySchema,
  credentialsReplySchema,
  domainQuerySchema,
  ingestTapsBodySchema,
  ingestTapsReplySchema,
  scoreQuerySchema,
  scoreReplySchema,
  tagSearchBodySchema,
  tagSearchReplySchema,
} from '@vigil/contract';
import { z } from 'zod';
import { authenticatedScope, principalOf, type Authenticator } from '../../auth/authenticate.js';
import { replies, type App } from '../../lib/routes.js';
import { detectorKeyScope } from '../ingest/detector-key.js';
import type { DetectorsService } from '../ingest/detectors.service.js';
import type { BadgeTagsService } from './badge-tags.service.js';
import type { BadgesService } from './badges.service.js';
import type { CredentialReportService } from './credential-report.service.js';
import type { TapsService } from './taps.service.js';
import { REPORT_LIMITS } from '../reports/report-limits.js';

const TAPS_DESCRIPTION = [
  'How access-control systems send badge (keycard) taps. Authenticate with a detector key of the building',
  '(`Authorization: Bearer vgd_…`, made with POST /api/ingest/v1/detectors or `npm run vigil -- add-detector <building> <name>`).',
  `A request holds up to ${BADGES.maxTaps} taps, validated whole and written in one transaction: a bad tap refuses them all (400) and writes nothing.`,
  "Each tap names its identity (a 16-character id, name, unit, role: tor is the unit's tenant of record), the credential",
  "used (the card's id; registry people whose `card` is that id are linked to the identity), and the access point (with the",
  "camera that sees it, a camera of the key's building). Identities of one unit are co-tenants. source_id makes retries",
  'safe: a repeated one is counted as a duplicate. Times are UTC ISO 8601 and may not lie more than 5 minutes ahead.',
  'Systems that only export files: `npm run vigil -- import-taps <building> <file.csv>`.',
].join(' ');

/** The badge list and detail calls of part 2 §7, and taps in (detector keys). */
export function badgesRoutes(
  app: App,
  deps: {
    authenticator: Authenticator;
    badges: BadgesService;
    tags: BadgeTagsService;
    reports: CredentialReportService;
    taps: TapsService;
    detectors: DetectorsService;
  },
): void {
  detectorKeyScope(app, deps.detectors, (scope) => {
    scope.post(
      '/api/ingest/v1/access-events',
      {
        bodyLimit: 8 * 1024 * 1024,
        config: { keyCall: 'access_events' },
        schema: {
          tags: ['ingest'],
          summary: 'Send badge taps from an access-control system (detector key)',
          description: TAPS_DESCRIPTION,
          security: [{ detectorKey: [] }],
          querystring: domainQuerySchema,
          body: ingestTapsBodySchema,
          response: replies(ingestTapsReplySchema, [400, 401, 403]),
        },
      },
      async (request) => {
        const detector = await deps.detectors.detectorIn(request.keyHolder!, request.query.domain_uuid);
        return deps.taps.ingest(request.query.domain_uuid, detector.id, request.body.taps);
      },
    );
  });

  authenticatedScope(app, deps.authenticator, (scope) => {
    const view = { config: { access: { rights: ['keycard/view_all'] as const } } };
    const edit = { config: { access: { rights: ['keycard/edit'] as const } } };
    scope.get(
      '/api/faces/v1/credentials',
      {
        ...view,
        schema: {
          tags: ['badges'],
          summary: "The badge list: a building's identities with match ratio, taps and training (keycard/view_all)",
          querystring: domainQuerySchema,
          response: replies(credentialsReplySchema),
        },
      },
      (request) => deps.badges.list(principalOf(request), request.query.domain_uuid),
    );
    scope.get(
      '/api/faces/v1/credentials/score',
      {
        ...view,
        schema: {
          tags: ['badges'],
          summary: "An identity's use score: match ratio and taps (keycard/view_all)",
          querystring: scoreQuerySchema,
          response: replies(scoreReplySchema, [400, 401, 403, 404]),
        },
      },
      (request) => deps.badges.score(principalOf(request), request.query.domain_uuid, request.query.identity_id),
    );
    scope.get(
      '/api/faces/v1/credentials/report',
      {
        // A tenant or unit PDF cuts a door crop per tap: a few a minute per user, then 429 (the table is not limited).
        config: { ...view.config, rateLimit: REPORT_LIMITS.pdf },
        schema: {
          tags: ['badges'],
          summary:
            "The credential report: the building's mismatches of 7 days, or an identity's (identity_id) or a unit's taps; format=pdf for the PDF (keycard/view_all)",
          querystring: credentialReportQuerySchema,
          response: replies(z.union([credentialReportReplySchema, z.any()]), [400, 401, 403, 404, 429]),
        },
      },
      async (request, reply) => {
        const result = await deps.reports.report(principalOf(request), request.query);
        if (result.kind === 'json') return result.reply;
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${result.fileName}"`)
          .send(result.pdf);
      },
    );
    scope.get(
      '/api/faces/v1/credentials/:id/access-events',
      {
        ...view,
        schema: {
          tags: ['badges'],
          summary: "A badge's taps, newest first, with the faces at the door scored against the holder (keycard/view_all)",
          params: accessEventsParamsSchema,
          querystring: accessEventsQuerySchema,
          response: replies(accessEventsReplySchema, [400, 401, 403, 404]),
        },
      },
      (request) => deps.badges.accessEvents(principalOf(request), request.query.domain_uuid, request.params.id, request.query),
    );
    scope.get(
      '/api/faces/v1/confirmed_tags',
      {
        ...view,
        schema: {
          tags: ['badges'],
          summary: 'Verified matches (confirmed, not rejected) per identity (keycard/view_all)',
          querystring: confirmedTagsQuerySchema,
          response: replies(confirmedTagsReplySchema, [400, 401, 403, 404]),
        },
      },
      (request) => deps.tags.tags(principalOf(request), request.query.domain_uuid, request.query.identity_id),
    );
    scope.post(
      '/api/faces/v1/confirmed_tags',
      {
        ...edit,
        schema: {
          tags: ['badges'],
          summary: 'Save verified matches: confirm faces of taps to an identity, or reject them (WRONG_PERSON) (keycard/edit)',
          querystring: domainQuerySchema,
          body: confirmedTagsBodySchema,
          response: replies(confirmedTagsSavedSchema, [400, 401, 403, 404]),
        },
      },
      (request) => deps.tags.saveTags(principalOf(request), request.query.domain_uuid, request.body),
    );
    scope.delete(
      '/api/faces/v1/confirmed_tags',
      {
        ...edit,
        schema: {
          tags: ['badges'],
          summary: 'Remove verified matches or rejections (keycard/edit)',
          querystring: domainQuerySchema,
          body: confirmedTagsBodySchema,
          response: replies(confirmedTagsSavedSchema, [400, 401, 403, 404]),
        },
      },
      (request) => deps.tags.saveTags(principalOf(request), request.query.domain_uuid, request.body, true),
    );
    scope.post(
      '/api/faces/v1/tag_search',
      {
        ...view,
        schema: {
          tags: ['badges'],
          summary: "More Detections: every face at a tap's door within a wider window, scored against the identity (keycard/view_all)",
          querystring: domainQuerySchema,
          body: tagSearchBodySchema,
          response: replies(tagSearchReplySchema, [400, 401, 403, 404]),
        },
      },
      (request) => deps.badges.tagSearch(principalOf(request), request.query.domain_uuid, request.body),
    );
  });
}
