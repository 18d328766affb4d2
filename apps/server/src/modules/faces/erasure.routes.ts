import { eraseBodySchema, eraseReplySchema, erasurePreviewReplySchema, faceIdParamsSchema } from '@vigil/contract';
import { z } from 'zod';
import { authenticatedScope, principalOf, type Authenticator } from '../../auth/authenticate.js';
import { replies, type App } from '../../lib/routes.js';
import { actorOf } from '../audit/audit.service.js';
import type { ErasureService } from './erasure.service.js';
import type { PersonExportService } from './export.service.js';

/** "Erase this person" and "Export this person's data" (issue 27). */
export function erasureRoutes(
  app: App,
  deps: { authenticator: Authenticator; erasure: ErasureService; exports: PersonExportService },
): void {
  const { erasure, exports } = deps;
  authenticatedScope(app, deps.authenticator, (scope) => {
    scope.get(
      '/api/v1/faces/:id/erasure',
      {
        config: { access: { rights: ['faces/delete'] } },
        schema: {
          tags: ['faces'],
          summary: 'What erasing a person would take away, counted (faces/delete in their building; deleted people included)',
          params: faceIdParamsSchema,
          response: replies(erasurePreviewReplySchema, [400, 401, 403, 404]),
        },
      },
      (request) => erasure.preview(principalOf(request), request.params.id),
    );

    scope.post(
      '/api/v1/faces/:id/erase',
      {
        config: { access: { rights: ['faces/delete'] } },
        schema: {
          tags: ['faces'],
          summary:
            'Erase a person (faces/delete), confirmed by their full name: photos, embeddings, their detections and pictures, their place in every model and gallery; their alerts keep the fact without the face. The receipt (counts, by whom, when) stays in the audit log; 409 when the name does not match',
          params: faceIdParamsSchema,
          body: eraseBodySchema,
          response: replies(eraseReplySchema, [400, 401, 403, 404, 409]),
        },
      },
      async (request) => ({
        ok: true as const,
        receipt: await erasure.erase(principalOf(request), request.params.id, request.body.confirm, actorOf(request)),
      }),
    );

    scope.get(
      '/api/v1/faces/:id/export',
      {
        config: { access: { rights: ['faces/find_all'] } },
        schema: {
          tags: ['faces'],
          summary:
            "A person's data for a subject access request, as a zip (faces/find_all in their building): README.txt, person.json, photos/, detections.csv, crops/ (the newest 1,000), alerts.csv",
          params: faceIdParamsSchema,
          response: replies(z.string().describe('application/zip'), [400, 401, 403, 404]),
        },
      },
      async (request, reply) => {
        const { filename, zip } = await exports.export(principalOf(request), request.params.id, actorOf(request));
        // A stream is sent as it is (no serializer); typed as the documented reply.
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(zip as unknown as string);
      },
    );
  });
}
