import {
  confirmedFacesBodySchema,
  confirmedFacesReplySchema,
  facesDetectedBodySchema,
  facesDetectedReplySchema,
  matchedParamsSchema,
  matchedReplySchema,
  visitorBodySchema,
  visitorReplySchema,
} from '@vigil/contract';
import { authenticatedScope, principalOf, type Authenticator } from '../../auth/authenticate.js';
import { replies, type App } from '../../lib/routes.js';
import type { TrainingService } from './training.service.js';

/** The face training tool's calls (part 2 §7); answers are /api/v4/facematchconfirm and /api/v4/faceconfirm. */
export function trainingRoutes(app: App, deps: { authenticator: Authenticator; training: TrainingService }): void {
  const { training } = deps;
  authenticatedScope(app, deps.authenticator, (scope) => {
    scope.post(
      '/api/v5/facesdetected2',
      {
        config: { access: { rights: ['faces/train_model'] } },
        schema: {
          tags: ['training'],
          summary:
            'The review list (faces/train_model): detected faces newest first with up to 4 candidates, filtered; refresh_token pages on and counts new_results since the first page',
          body: facesDetectedBodySchema,
          response: replies(facesDetectedReplySchema, [400, 401, 403]),
        },
      },
      (request) => training.detected(principalOf(request), request.body),
    );
    scope.post(
      '/api/v4/faces/confirmed',
      {
        config: { access: { rights: ['faces/train_model'] } },
        schema: {
          tags: ['training'],
          summary:
            'Confirmed faces of a building or of one person, newest first (faces/train_model); remove one with facematchconfirm is_correct false',
          body: confirmedFacesBodySchema,
          response: replies(confirmedFacesReplySchema, [400, 401, 403, 404]),
        },
      },
      (request) => training.confirmed(principalOf(request), request.body),
    );
    scope.get(
      '/api/v6/faces/matched/:frontendFaceUUID',
      {
        config: { access: { rights: ['faces/train_model'] } },
        schema: {
          tags: ['training'],
          summary: "A person's confirmed faces, newest first (faces/train_model)",
          params: matchedParamsSchema,
          response: replies(matchedReplySchema, [400, 401, 403, 404]),
        },
      },
      (request) => training.matched(principalOf(request), request.params.frontendFaceUUID),
    );
    scope.post(
      '/api/v4/faces/visitor',
      {
        config: { access: { rights: ['faces/train_model'] } },
        schema: {
          tags: ['training'],
          summary: "'Visitor': the detected face becomes a regular_visitor, its crop their front photo (faces/train_model and faces/add)",
          body: visitorBodySchema,
          response: replies(visitorReplySchema, [400, 401, 403, 404, 409]),
        },
      },
      (request) => training.visitor(principalOf(request), request.body.runtime_face_uuid),
    );
  });
}
