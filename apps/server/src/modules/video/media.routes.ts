import type { AuditService } from '../audit/audit.service.js';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { forbidden, notFound } from '../../lib/http-error.js';
import type { App } from '../../lib/routes.js';
import type { MediaStore } from '../../media/media-store.js';
import type { FrameService } from '../../media/frames.js';
import type { MediaSigner } from '../../media/signing.js';
import { Exports } from '../../media/exports.js';
import type { LiveFeed } from '../../media/live-feed.js';
import { clipEtag, etagListMatches } from './clip-validator.js';
import type { OpenStreams } from './live-streams.js';

/**
 * The low-latency stream as one endless HTTP response of fragmented MP4, for an analyzer (ffmpeg reads it as a file).
 * Header Vigil-Stream-Epoch-Ms gives the wall-clock time of media time 0, so frames keep their filming time.
 */
function streamToAnalyzer(reply: FastifyReply, feed: LiveFeed, streams: OpenStreams, allowed: () => Promise<boolean>): void {
  reply.hijack();
  const res = reply.raw;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    subscription.unsubscribe();
    forget();
    // An endless response has no clean end a client waits for: the connection goes with it (no keep-alive left over).
    res.destroy();
  };
  const subscription = feed.subscribe({
    open: (info) =>
      res.writeHead(200, {
        'content-type': 'video/mp4',
        'cache-control': 'no-store',
        'vigil-stream-epoch-ms': String(info.epoch_ms),
        ...(info.codec && { 'vigil-stream-codec': info.codec }),
      }),
    send: (bytes) => void res.write(bytes),
    backlog: () => res.writableLength,
    close: end,
  });
  const forget = streams.add({ allowed, end });
  res.on('close', end);
}

const LIVE_FILE = /^(index\.m3u8|seg\d{1,10}\.ts)$/;
const DOWNLOAD_NAME = /^[\w.-]{1,200}$/;

/**
 * Media files by capability URL, no session needed: signed paths for clips, thumbnails and long clips;
 * a live lease for the rolling HLS folder. Anything else gets 403 or 404 and nothing more. Range requests work.
 */
export function mediaRoutes(
  app: App,
  deps: {
    store: MediaStore;
    signer: MediaSigner;
    clock: Clock;
    /** whether a viewer's live lease opens a camera's video (VideoService.liveLeaseAllows) */
    viewerLive: (lease: string, camera: string) => Promise<boolean>;
    /** the camera's low-latency stream, while it is recorded here */
    feed?: (camera: string) => LiveFeed | undefined;
    streams?: OpenStreams;
    frames?: FrameService;
    exports?: Exports;
    /** whether an analyzer's live token opens a camera's video (its camera lease lives) */
    analyzerLive?: (token: string, camera: string) => Promise<boolean>;
    /** records a recorded clip saved as a file (a signed link carries no session: the entry has the address) */
    audit?: AuditService;
  },
): void {
  const send = (reply: FastifyReply, rel: string) => {
    if (!deps.store.exists(rel)) throw notFound('No such media file.');
    // The route's own cache-control stays (the static plugin would replace it with 'public, max-age=0').
    return reply.sendFile(rel, deps.store.root, { cacheControl: false });
  };
  /** A recorded clip, under its strong validator (clip-validator.ts); the plugin sends the bytes and ranges. */
  const sendClip = (reply: FastifyReply, rel: string) => {
    const stat = deps.store.fileStat(rel);
    if (!stat) throw notFound('No such media file.');
    const etag = clipEtag(stat.size, stat.mtimeMs);
    const { headers } = reply.request;
    reply.header('etag', etag);
    if (etagListMatches(headers['if-none-match'], etag)) return reply.code(304).send();
    // The plugin compares If-Range with its own (weak) validator only: one naming this clip's is settled here.
    if (headers['if-range'] === etag) delete headers['if-range'];
    return reply.sendFile(rel, deps.store.root, { cacheControl: false, etag: false });
  };
  /**
   * A camera's thumbnail, read whole: the recorder replaces it (by rename) with every clip, and one replaced between
   * the size check and the streaming of a sent file arrives cut short (the browser shows a broken picture).
   */
  const sendThumbnail = async (reply: FastifyReply, rel: string) => {
    const bytes = await deps.store.read(rel);
    if (!bytes) throw notFound('No such media file.');
    return reply.type('image/jpeg').send(bytes);
  };
  /**
   * A live playlist or segment, read whole: the muxer deletes old segments all the time, and one deleted between a
   * check and the streaming of it would fail mid-reply (a 500). Read at once, a file that is gone is a clean 404.
   */
  const sendLive = async (reply: FastifyReply, camera: string, file: string) => {
    const bytes = await deps.store.read(`live/${camera}/${file}`);
    if (!bytes) throw notFound('No such media file.');
    return reply.type(file.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t').send(bytes);
  };

  app.get(
    '/media/live/:lease/:camera/:file',
    {
      // A player asks for the playlist and a segment every second: only warnings and errors are logged.
      logLevel: 'warn',
      schema: {
        hide: true,
        params: z.object({ lease: z.string().regex(/^[\w-]{20,100}$/), camera: z.uuid(), file: z.string().regex(LIVE_FILE) }),
      },
    },
    async (request, reply) => {
      if (!(await deps.viewerLive(request.params.lease, request.params.camera))) throw forbidden('This live stream has ended.');
      reply.header('cache-control', request.params.file.endsWith('.m3u8') ? 'no-cache, no-store' : 'private, max-age=60');
      return sendLive(reply, request.params.camera, request.params.file);
    },
  );

  app.get(
    '/media/analyzer/:token/:camera/:file',
    {
      logLevel: 'warn',
      schema: {
        hide: true,
        params: z.object({ token: z.string().regex(/^[\w.-]{20,120}$/), camera: z.uuid(), file: z.string().regex(LIVE_FILE) }),
      },
    },
    async (request, reply) => {
      const allowed = deps.analyzerLive && (await deps.analyzerLive(request.params.token, request.params.camera));
      if (!allowed) throw forbidden("This analyzer's lease on the camera has ended.");
      reply.header('cache-control', 'no-cache, no-store');
      return sendLive(reply, request.params.camera, request.params.file);
    },
  );

  app.get(
    '/media/analyzer/:token/:camera/stream.mp4',
    {
      schema: {
        hide: true,
        params: z.object({ token: z.string().regex(/^[\w.-]{20,120}$/), camera: z.uuid() }),
      },
    },
    async (request, reply) => {
      const { token, camera } = request.params;
      const allowed = () => (deps.analyzerLive ? deps.analyzerLive(token, camera) : Promise.resolve(false));
      if (!(await allowed())) throw forbidden("This analyzer's lease on the camera has ended.");
      const feed = deps.feed?.(camera);
      if (!feed || !deps.streams) throw notFound('This camera is not being recorded here.');
      streamToAnalyzer(reply, feed, deps.streams, allowed);
    },
  );

  app.get(
    '/media/:token/*',
    { schema: { hide: true, querystring: z.object({ download: z.string().regex(DOWNLOAD_NAME).optional() }) } },
    async (request, reply) => {
      const { token } = request.params as { token: string };
      const path = (request.params as { '*': string })['*'];
      const verdict = deps.signer.verify(token, path, deps.clock.now());
      if (!verdict.ok) throw forbidden(verdict.reason === 'expired' ? 'This media link has expired.' : 'This media link is not valid.');
      if (request.query.download) {
        reply.header('content-disposition', `attachment; filename="${request.query.download}"`);
        const clip = /^clips\/([0-9a-f-]{36})\/([^/]+)$/.exec(path);
        if (clip) await deps.audit?.recordRequest(request, { action: 'downloaded_recording', camera: clip[1], detail: { clip: clip[2]! } });
      }
      // Pictures of events and alerts are cut from the recording the first time someone asks for them.
      if (path.startsWith('frames/') && deps.frames && !(await deps.frames.ensure(path))) {
        throw notFound('There is no recording of this moment (yet).');
      }
      reply.header('cache-control', 'private, max-age=300');
      // A long-clip download is removed once it went out whole (a range request is a part: it stays for the rest).
      if (deps.exports && Exports.isExport(path) && !request.headers.range) {
        reply.raw.once('finish', () => deps.exports?.remove(path));
      }
      if (path.startsWith('thumbs/')) return sendThumbnail(reply, path);
      return path.startsWith('clips/') ? sendClip(reply, path) : send(reply, path);
    },
  );
}
