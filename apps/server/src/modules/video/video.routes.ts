import {
  cameraEditBodySchema,
  cameraEditReplySchema,
  cameraDeleteReplySchema,
  cameraExitBodySchema,
  cameraExitReplySchema,
  cameraParamsSchema,
  cameraUploadBodySchema,
  cameraUploadReplySchema,
  camerasQuerySchema,
  camerasReplySchema,
  clipBodySchema,
  clipReplySchema,
  clipsParamsSchema,
  clipsReplySchema,
  hlsHeartbeatBodySchema,
  hlsHeartbeatParamsSchema,
  hlsHeartbeatReplySchema,
  hlsStartBodySchema,
  hlsStartReplySchema,
  LONG_CLIP_LIMIT,
  longClipParamsSchema,
  longClipQuerySchema,
  longClipReplySchema,
  recordingsParamsSchema,
  recordingsQuerySchema,
  recordingsReplySchema,
} from '@vigil/contract';
import { authenticatedScope, principalOf, type Authenticator } from '../../auth/authenticate.js';
import { replies, type App } from '../../lib/routes.js';
import { actorOf, type AuditService } from '../audit/audit.service.js';
import type { CameraExitsService } from './camera-exits.service.js';
import type { VideoService } from './video.service.js';

export function videoRoutes(
  app: App,
  deps: { authenticator: Authenticator; video: VideoService; exits: CameraExitsService; audit: AuditService },
): void {
  const { video } = deps;
  authenticatedScope(app, deps.authenticator, (scope) => {
    scope.post(
      '/api/v1/hlsvideo/',
      {
        config: { access: { rights: ['video/view_live'] } },
        schema: {
          tags: ['video'],
          summary: 'Start watching a camera live: a lease on its rolling HLS playlist',
          body: hlsStartBodySchema,
          response: replies(hlsStartReplySchema, [400, 401, 403, 404]),
        },
      },
      (request) => video.startLive(principalOf(request), request.body.camera_uuid, request.body.duration, actorOf(request)),
    );

    scope.put(
      '/api/v1/hlsvideo/:cameraUUID',
      {
        config: { access: { rights: ['video/view_live'] } },
        schema: {
          tags: ['video'],
          summary: "Heartbeat: extend the caller's live lease on the camera",
          params: hlsHeartbeatParamsSchema,
          body: hlsHeartbeatBodySchema,
          response: replies(hlsHeartbeatReplySchema, [400, 401, 403, 404]),
        },
      },
      (request) => video.heartbeat(principalOf(request), request.params.cameraUUID, request.body.durationInSeconds),
    );

    scope.post(
      '/api/v4/clip',
      {
        config: { access: { rights: ['video/view_historic'] } },
        schema: {
          tags: ['video'],
          summary: 'The recorded clip holding a moment, with the offset into it',
          body: clipBodySchema,
          response: replies(clipReplySchema, [400, 401, 403, 404]),
        },
      },
      async (request) => {
        const reply = await video.clip(principalOf(request), request.body);
        await deps.audit.recordRequest(request, {
          action: 'played_recording',
          camera: request.body.camera_uuid,
          detail: { at: request.body.timestamp, found: reply.ok },
        });
        return reply;
      },
    );

    scope.get(
      '/api/v4/clips/:cameraId/:timestamp',
      {
        config: { access: { rights: ['video/view_historic'] } },
        schema: {
          tags: ['video'],
          summary: 'The playlist of clips around a moment',
          params: clipsParamsSchema,
          response: replies(clipsReplySchema, [400, 401, 403, 404]),
        },
      },
      (request) => video.playlist(principalOf(request), request.params.cameraId, request.params.timestamp),
    );

    scope.put(
      '/api/v4/cameras/:uuid',
      {
        config: { access: { rights: ['video/edit'] } },
        schema: {
          tags: ['video'],
          summary: 'Change a camera: name, address, stream path, credentials (video/edit)',
          params: cameraParamsSchema,
          body: cameraEditBodySchema,
          response: replies(cameraEditReplySchema, [400, 401, 403, 404]),
        },
      },
      async (request) => {
        const reply = await video.editCamera(principalOf(request), request.params.uuid, request.body);
        // What changed, by name only: a password's value never enters the log.
        const changed = Object.keys(request.body).sort().join(',');
        await deps.audit.recordRequest(request, {
          action: 'changed_camera',
          camera: request.params.uuid,
          detail: { change: 'edited', fields: changed },
        });
        return reply;
      },
    );

    scope.put(
      '/api/v4/cameras/:uuid/exit',
      {
        config: { access: { rights: ['alerting/edit'] } },
        schema: {
          tags: ['video'],
          summary: 'Mark a camera an exit, or not (alerting/edit in its building): the analyzers holding it treat its next frame so',
          description:
            "Faces of residents at elopement risk seen at an exit raise elopement alerts. A change is audited (changed_camera, detail change 'exit') and reaches the analyzers holding the camera at once (GET /api/ingest/v1/analyzers/changes); setting what already is answers changed: false and records nothing.",
          params: cameraParamsSchema,
          body: cameraExitBodySchema,
          response: replies(cameraExitReplySchema, [400, 401, 403, 404]),
        },
      },
      (request) => deps.exits.set(principalOf(request), request.params.uuid, request.body.is_exit),
    );

    scope.delete(
      '/api/v4/cameras/:uuid',
      {
        config: { access: { rights: ['video/delete'] } },
        schema: {
          tags: ['video'],
          summary: 'Delete a camera (video/delete): it stops recording and leaves every list; its events, alerts and clips stay',
          params: cameraParamsSchema,
          response: replies(cameraDeleteReplySchema, [400, 401, 403, 404]),
        },
      },
      async (request) => {
        const reply = await video.removeCamera(principalOf(request), request.params.uuid);
        await deps.audit.recordRequest(request, { action: 'changed_camera', camera: request.params.uuid, detail: { change: 'deleted' } });
        return reply;
      },
    );

    scope.get(
      '/api/v4/long_clips/:cameraId',
      {
        // Exports take disk and CPU: a few per user, then 429 (the exports folder has a cap of its own too).
        config: {
          access: { rights: ['video/view_historic'] },
          rateLimit: {
            max: LONG_CLIP_LIMIT.perUser,
            timeWindow: LONG_CLIP_LIMIT.windowMs,
            keyGenerator: (request) => `long-clip:${request.principal?.user.id ?? request.ip}`,
          },
        },
        schema: {
          tags: ['video'],
          summary: 'Join the clips of a range (at most 2 hours) into one MP4 and link to it',
          params: longClipParamsSchema,
          querystring: longClipQuerySchema,
          response: replies(longClipReplySchema, [400, 401, 403, 404, 429]),
        },
      },
      async (request) => {
        const { cameraId } = request.params;
        const reply = await video.longClip(principalOf(request), cameraId, request.query.start, request.query.end);
        await deps.audit.recordRequest(request, {
          action: 'exported_clip',
          camera: cameraId,
          detail: { from: request.query.start, to: request.query.end },
        });
        return reply;
      },
    );

    scope.get(
      '/api/v4/recordings/:cameraId',
      {
        config: { access: { rights: ['video/view_historic'] } },
        schema: {
          tags: ['video'],
          summary: 'Where recordings exist in a range, as spans merged per bucket (for the timeline)',
          params: recordingsParamsSchema,
          querystring: recordingsQuerySchema,
          response: replies(recordingsReplySchema, [400, 401, 403, 404]),
        },
      },
      (request) =>
        video.spans(principalOf(request), request.params.cameraId, request.query.start, request.query.end, request.query.bucket_seconds),
    );

    scope.get(
      '/api/v4/cameras',
      {
        config: { access: { rights: ['video'] } },
        schema: {
          tags: ['video'],
          summary: "A domain's cameras with their recorder state and latest picture",
          querystring: camerasQuerySchema,
          response: replies(camerasReplySchema, [400, 401, 403]),
        },
      },
      async (request) => ({ ok: true as const, cameras: await video.cameraStatuses(principalOf(request), request.query.domain_uuid) }),
    );

    scope.post(
      '/api/v4/cameras/upload',
      {
        config: { access: { rights: ['video/add'] } },
        schema: {
          tags: ['video'],
          summary: 'Add cameras to domains (video/add) and start recording them',
          body: cameraUploadBodySchema,
          response: replies(cameraUploadReplySchema, [400, 401, 403, 409]),
        },
      },
      async (request) => {
        const reply = await video.upload(principalOf(request), request.body);
        for (const camera of reply.cameras)
          await deps.audit.recordRequest(request, { action: 'changed_camera', camera: camera.uuid, detail: { change: 'added' } });
        return reply;
      },
    );
  });
}
