import {
  ALERTS_MESSAGES,
  FACES,
  addFaceBodySchema,
  editFaceBodySchema,
  faceDeletedReplySchema,
  faceHistoryQuerySchema,
  faceHistoryReplySchema,
  faceIdParamsSchema,
  faceImageParamsSchema,
  faceParamsSchema,
  faceReplySchema,
  faceConsentsReplySchema,
  faceSavedReplySchema,
  facesListQuerySchema,
  facesListReplySchema,
} from '@vigil/contract';
import { z } from 'zod';
import { authenticatedScope, principalOf, type Authenticator } from '../../auth/authenticate.js';
import type { RouteAccess } from '../../auth/route-access.js';
import { replies, type App } from '../../lib/routes.js';
import type { FacesService } from './faces.service.js';

/** Who may read the registry in some building (canReadFaces); others get the spec's words. */
const faceReaders: RouteAccess = {
  rights: ['alerting/receive_er_alerts', 'faces/find_all', 'faces/find_resident'],
  refusal: ALERTS_MESSAGES.facesNoAccess,
};

/** The faces registry (part 2 §7): people, their photos, last seen and history; a detection's face crop. */
export function facesRoutes(app: App, deps: { authenticator: Authenticator; faces: FacesService }): void {
  const { faces } = deps;
  authenticatedScope(app, deps.authenticator, (scope) => {
    scope.get(
      '/api/v6/faces',
      {
        config: { access: faceReaders },
        // The reply is JSON bytes already (below); errors are plain objects.
        serializerCompiler: () => (data) => JSON.stringify(data),
        schema: {
          tags: ['faces'],
          summary:
            "A building's people with their photos and where they were last seen (alerting/receive_er_alerts, faces/find_resident or faces/find_all; residents only without find_all)",
          querystring: facesListQuerySchema,
          response: replies(facesListReplySchema, [400, 401, 403]),
        },
      },
      // Thousands of people: the service hands over the JSON text (kept while unchanged), sent as it is.
      async (request, reply) => {
        const json = await faces.listJson(principalOf(request), request.query.domain_uuid);
        // Typed as the schema's reply: it is that reply, serialised by the service (a Buffer is sent as it is).
        return reply.type('application/json; charset=utf-8').send(json as unknown as z.infer<typeof facesListReplySchema>);
      },
    );

    scope.get(
      '/api/v6/faces/:id',
      {
        config: { access: faceReaders },
        schema: {
          tags: ['faces'],
          summary: 'One person',
          params: faceIdParamsSchema,
          response: replies(faceReplySchema, [400, 401, 403, 404]),
        },
      },
      (request) => faces.one(principalOf(request), request.params.id),
    );

    scope.get(
      '/api/v6/faces/:id/history',
      {
        config: { access: faceReaders },
        schema: {
          tags: ['faces'],
          summary: "A person's detections, newest first, merged per camera like events (300 s); next_before pages on",
          params: faceIdParamsSchema,
          querystring: faceHistoryQuerySchema,
          response: replies(faceHistoryReplySchema, [400, 401, 403, 404]),
        },
      },
      (request) => faces.history(principalOf(request), request.params.id, request.query.limit, request.query.before),
    );

    scope.get(
      '/api/v1/faces/:id/consents',
      {
        config: { access: faceReaders },
        schema: {
          tags: ['faces'],
          summary: "A person's consent answers to recognition, newest first (the first is the current one), for whoever may see them",
          params: faceIdParamsSchema,
          response: replies(faceConsentsReplySchema, [400, 401, 403, 404]),
        },
      },
      (request) => faces.consents(principalOf(request), request.params.id),
    );

    scope.post(
      '/api/v6/faces',
      {
        config: { access: { rights: ['faces/add'] } },
        bodyLimit: FACES.maxBodyBytes,
        schema: {
          tags: ['faces'],
          summary: 'Add a person (faces/add), with front and side photos as base64 JPEG or PNG, and their consent answer if any',
          body: addFaceBodySchema,
          response: replies(faceSavedReplySchema, [400, 401, 403, 413]),
        },
      },
      (request) => faces.add(principalOf(request), request.body.domain_uuid, request.body.face_info, request.body.consent),
    );

    scope.put(
      '/api/v6/faces/:frontendFaceUuid',
      {
        config: { access: { rights: ['faces/add'] } },
        bodyLimit: FACES.maxBodyBytes,
        schema: {
          tags: ['faces'],
          summary:
            'Change a person (faces/add): every field again, photos to add, replace (edit, by uuid) or delete, and a new consent answer if any',
          params: faceParamsSchema,
          body: editFaceBodySchema,
          response: replies(faceSavedReplySchema, [400, 401, 403, 404, 409, 413]),
        },
      },
      (request) => faces.edit(principalOf(request), request.params.frontendFaceUuid, request.body.face_info, request.body.consent),
    );

    scope.delete(
      '/api/v6/faces/:id',
      {
        config: { access: { rights: ['faces/delete'] } },
        schema: {
          tags: ['faces'],
          summary: 'Delete a person (faces/delete): photos removed, never recognised again; alerts and tags that name them stay',
          params: faceIdParamsSchema,
          response: replies(faceDeletedReplySchema, [400, 401, 403, 404]),
        },
      },
      (request) => faces.remove(principalOf(request), request.params.id),
    );

    scope.get(
      '/api/v4/faceimage/:runtimeFaceUuid',
      {
        config: { access: faceReaders },
        schema: {
          tags: ['faces'],
          summary: "A detection's face crop: a redirect to its signed link",
          params: faceImageParamsSchema,
          response: { ...replies(faceDeletedReplySchema, [400, 401, 403, 404]), 302: z.null().describe('Location: the signed link') },
        },
      },
      async (request, reply) => reply.redirect(await faces.faceImage(principalOf(request), request.params.runtimeFaceUuid), 302),
    );
  });
}
