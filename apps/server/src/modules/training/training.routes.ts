import {
  confirmedFacesBodySchema,
  currentModelReplySchema,
  loadModelBodySchema,
  modelIdentitiesParamsSchema,
  modelIdentitiesReplySchema,
  modelMessageReplySchema,
  modelsQuerySchema,
  modelsReplySchema,
  trainModelBodySchema,
  trainingProgressReplySchema,
  confirmedFacesReplySchema,
  facesDetectedBodySchema,
  facesDetectedReplySchema,
  matchFinderBodySchema,
  matchFinderReplySchema,
  matchedParamsSchema,
  matchedReplySchema,
  reviewLogParamsSchema,
  reviewLogReplySchema,
  visitorBodySchema,
  visitorReplySchema,
} from '@vigil/contract';
import { authenticatedScope, principalOf, type Authenticator } from '../../auth/authenticate.js';
import { replies, type App } from '../../lib/routes.js';
import type { ModelsService } from './models.service.js';
import type { MatchFinderService } from './match-finder.service.js';
import type { TrainingService } from './training.service.js';

/** The face training tool's calls (part 2 §7); answers are /api/v4/facematchconfirm and /api/v4/faceconfirm. */
export function trainingRoutes(
  app: App,
  deps: { authenticator: Authenticator; training: TrainingService; matchFinder: MatchFinderService; models: ModelsService },
): void {
  const { training, matchFinder, models } = deps;
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
    scope.get(
      '/api/v1/training/reviews/:runtime_face_uuid',
      {
        config: { access: { rights: ['faces/train_model'] } },
        schema: {
          tags: ['training'],
          summary:
            'The review log of one detection: every answer people gave about it (who, when, which person, what), oldest first (faces/train_model)',
          params: reviewLogParamsSchema,
          response: replies(reviewLogReplySchema, [400, 401, 403, 404]),
        },
      },
      (request) => training.reviewLog(principalOf(request), request.params.runtime_face_uuid),
    );
    scope.post(
      '/api/v6/faces/matchfinder',
      {
        config: { access: { rights: ['faces/train_model'] } },
        schema: {
          tags: ['training'],
          summary:
            "The match finder: a building's past faces most like a person (their confirmed faces and photos) or one face, best first, in optional days and cameras (faces/train_model); confirm the ones that are them with facematchconfirm",
          body: matchFinderBodySchema,
          response: replies(matchFinderReplySchema, [400, 401, 403, 404, 409]),
        },
      },
      (request) => matchFinder.find(principalOf(request), request.body),
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

    scope.get(
      '/api/v1/training/models',
      {
        config: { access: { rights: ['faces/train_model'] } },
        schema: {
          tags: ['training'],
          summary: "A building's face models, newest first, with the figures measured on their held-out tags (faces/train_model)",
          querystring: modelsQuerySchema,
          response: replies(modelsReplySchema, [400, 401, 403]),
        },
      },
      (request) => models.list(principalOf(request), request.query.domain_uuid),
    );
    scope.get(
      '/api/v1/training/models/current',
      {
        config: { access: { rights: ['faces/train_model'] } },
        schema: {
          tags: ['training'],
          summary: 'The model the building has loaded, and whether its analyzers use it yet (faces/train_model)',
          querystring: modelsQuerySchema,
          response: replies(currentModelReplySchema, [400, 401, 403]),
        },
      },
      (request) => models.current(principalOf(request), request.query.domain_uuid),
    );
    scope.get(
      '/api/v1/training/models/:label/identities',
      {
        config: { access: { rights: ['faces/train_model'] } },
        schema: {
          tags: ['training'],
          summary: 'The people a model knows, with their training and held-out tags and F1 (faces/train_model)',
          params: modelIdentitiesParamsSchema,
          querystring: modelsQuerySchema,
          response: replies(modelIdentitiesReplySchema, [400, 401, 403, 404]),
        },
      },
      (request) => models.identities(principalOf(request), request.query.domain_uuid, request.params.label),
    );
    scope.post(
      '/api/v1/training/models/load',
      {
        config: { access: { rights: ['faces/manage_model'] } },
        schema: {
          tags: ['training'],
          summary: "Load a ready model: the building's analyzers switch to it within seconds (faces/manage_model and faces/train_model)",
          body: loadModelBodySchema,
          response: replies(modelMessageReplySchema, [400, 401, 403, 404, 409]),
        },
      },
      (request) => models.load(principalOf(request), request.body.domain_uuid, request.body.label),
    );
    scope.post(
      '/api/v1/training/models/train',
      {
        config: { access: { rights: ['faces/manage_model'] } },
        schema: {
          tags: ['training'],
          summary: 'Start training a new model of the building in the background, one at a time (faces/manage_model and faces/train_model)',
          body: trainModelBodySchema,
          response: replies(modelMessageReplySchema, [400, 401, 403, 409]),
        },
      },
      async (request) => {
        const { ok, message } = await models.train(principalOf(request), request.body.domain_uuid);
        return { ok, message };
      },
    );
    scope.get(
      '/api/v1/training/progress',
      {
        config: { access: { rights: ['faces/view_training_progress', 'faces/train_model'] } },
        schema: {
          tags: ['training'],
          summary: "The building's running training, if any (faces/view_training_progress or faces/train_model)",
          querystring: modelsQuerySchema,
          response: replies(trainingProgressReplySchema, [400, 401, 403]),
        },
      },
      (request) => models.progress(principalOf(request), request.query.domain_uuid),
    );
  });
}
