import type { AuditService } from '../audit/audit.service.js';
import type { Authenticator } from '../../auth/authenticate.js';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { cameraHostAllowed, parseNetworks } from '../../lib/networks.js';
import type { App } from '../../lib/routes.js';
import { SecretBox } from '../../lib/secret-box.js';
import { Exports } from '../../media/exports.js';
import { resolveFfmpeg } from '../../media/ffmpeg.js';
import { MediaStore } from '../../media/media-store.js';
import { Recorders } from '../../media/recorders.js';
import { MediaSigner } from '../../media/signing.js';
import type { CamerasRepository } from './cameras.repository.js';
import type { ClipsRepository } from './clips.repository.js';
import type { LiveLeasesRepository } from './leases.repository.js';
import { OpenStreams, attachLiveStreams } from './live-streams.js';
import { VideoService, cameraSource, sealPlainPasswords } from './video.service.js';
import { CameraExitsService } from './camera-exits.service.js';
import { Wakeups } from '../../lib/wakeups.js';
import { videoRoutes } from './video.routes.js';
import { TestStreamGenerator } from '../../media/test-stream.js';
import { testStreamRoutes } from './test-stream.routes.js';
import { VideoRetention } from './video-retention.js';
import { TestStreamService } from './test-stream.service.js';

/** How often the recorders are matched to the cameras in the database, for cameras another process added. */
const RESYNC_MS = 30_000;

export interface VideoWiring {
  store: MediaStore;
  signer: MediaSigner;
  clips: ClipsRepository;
  cameras: CamerasRepository;
  leases: LiveLeasesRepository;
  /** null without ffmpeg: nothing records, nothing is cut from recordings */
  ffmpeg: string | null;
  exports: Exports | undefined;
  recorders: Recorders | undefined;
  video: VideoService;
  /** the low-latency streams being watched (viewers and analyzers), each right to play rechecked every second */
  liveStreams: OpenStreams;
  /** whether a camera host is on a network cameras may use (VIGIL_CAMERA_NETWORKS) */
  hostAllowed(host: string): Promise<boolean>;
  /** seals a camera password for the database */
  sealPassword(plain: string): string;
  /** cameras were added or changed: recorders start and stop to match */
  camerasChanged(): Promise<void>;
  /** recorded clips and downloads past their period (the retention sweep calls it) */
  retention: VideoRetention;
  /** which cameras are exits (the API and the CLI set them through it) */
  exits: CameraExitsService;
  /** woken when a camera becomes an exit or stops being one, or leaves service: the analyzers' long polls wait on it */
  cameraChanges: Wakeups;
}

/**
 * The video part of the server: media folder and signer, recorders (one ffmpeg per camera), the video API, and the
 * low-latency live streams on the HTTP server's upgrades. Recording starts when the server is ready (after
 * `beforeRecording`, where the demo starts its simulated cameras) and stops when it closes.
 */
export async function wireVideo(
  app: App,
  d: {
    config: Config;
    database: DatabaseHandle;
    clock: Clock;
    authenticator: Authenticator;
    cameras: CamerasRepository;
    clips: ClipsRepository;
    leases: LiveLeasesRepository;
    audit: AuditService;
    beforeRecording(cameras: CamerasRepository): Promise<{ stop(): Promise<void> } | null>;
  },
): Promise<VideoWiring> {
  const { config, clock } = d;
  const store = new MediaStore(config.video.mediaDir);
  const signer = new MediaSigner(config.secret);
  const { clips, cameras, leases } = d;
  const ffmpeg = await resolveFfmpeg();
  if (!ffmpeg) app.log.warn('ffmpeg not found: cameras will not record (npm start installs it; or set FFMPEG_PATH)');
  const exports = ffmpeg ? new Exports(store, ffmpeg, config.video.maxExportBytes) : undefined;
  const recorders =
    config.video.record && ffmpeg
      ? new Recorders(
          { store, index: clips, ffmpeg, clock, clipSeconds: config.video.clipSeconds, hlsSeconds: config.video.hlsSeconds, log: app.log },
          clips,
          { maxBytes: config.video.maxDiskBytes },
        )
      : undefined;
  const cameraPasswords = new SecretBox(config.secret, 'camera-password');
  const cameraNetworks = parseNetworks(config.video.cameraNetworks);
  const sealed = await sealPlainPasswords(d.database.db, cameras, cameraPasswords);
  if (sealed > 0) app.log.info(`encrypted ${sealed} camera password(s) stored in clear by an earlier version`);
  // Syncs run one after another (the API's changes and the periodic resync), and none starts a recorder after close.
  let closed = false;
  let syncs: Promise<void> = Promise.resolve();
  const syncRecorders = (): Promise<void> => {
    const run = syncs.then(async () => {
      if (closed || !recorders) return;
      const sources = (await cameras.all()).map((c) => cameraSource(c, cameraPasswords));
      if (!closed) await recorders.sync(sources);
    });
    syncs = run.catch(() => undefined);
    return run;
  };
  const hostAllowed = (host: string) => cameraHostAllowed(host, cameraNetworks);
  const cameraChanges = new Wakeups();
  const exits = new CameraExitsService({ cameras, audit: d.audit, changed: () => cameraChanges.wake() });
  const video = new VideoService({
    db: d.database.db,
    cameras,
    clips,
    leases,
    signer,
    recorders,
    exports,
    clock,
    clipSeconds: config.video.clipSeconds,
    passwords: cameraPasswords,
    hostAllowed,
    audit: d.audit,
    onCamerasChanged: async () => {
      // a deleted camera leaves its analyzers' lists at once too
      cameraChanges.wake();
      await syncRecorders();
    },
  });
  videoRoutes(app, { authenticator: d.authenticator, video, exits, audit: d.audit });
  // The HLS test-stream fallback's test picture (one ffmpeg for the server, started on demand).
  const testStream = ffmpeg ? new TestStreamGenerator({ ffmpeg, mediaRoot: store.root, clock, log: app.log }) : null;
  app.addHook('onClose', async () => testStream?.stop());
  testStreamRoutes(app, { authenticator: d.authenticator, testStream: new TestStreamService({ generator: testStream, signer, clock }) });

  const liveStreams = new OpenStreams(config.video.liveRecheckMs);
  const detachLiveStreams = attachLiveStreams(app.server, {
    allowed: (lease, camera) => video.liveLeaseAllows(lease, camera),
    feed: (camera) => recorders?.feed(camera),
    streams: liveStreams,
    log: app.log,
  });
  // Before the server stops listening, which waits for open connections: a live stream never ends by itself.
  app.addHook('preClose', (done) => {
    // the analyzers' long polls answer now rather than hold the close
    cameraChanges.close();
    liveStreams.closeAll();
    detachLiveStreams();
    done();
  });

  if (recorders) {
    let resync: NodeJS.Timeout | undefined;
    let simulated: { stop(): Promise<void> } | null = null;
    app.addHook('onReady', async () => {
      simulated = await d.beforeRecording(cameras);
      await syncRecorders();
      recorders.startRetention();
      // Cameras added by another process (the CLI's add-building, another API instance) start recording within this.
      resync = setInterval(() => void syncRecorders().catch((err: unknown) => app.log.warn({ err }, 'recorder sync failed')), RESYNC_MS);
      resync.unref();
    });
    app.addHook('onClose', async () => {
      closed = true;
      clearInterval(resync);
      await syncs;
      await recorders.stopAll();
      await simulated?.stop();
    });
  }
  return {
    store,
    signer,
    clips,
    cameras,
    leases,
    ffmpeg,
    exports,
    recorders,
    video,
    liveStreams,
    hostAllowed,
    sealPassword: (plain) => cameraPasswords.seal(plain),
    camerasChanged: async () => {
      await syncRecorders();
    },
    retention: new VideoRetention({ clips, cameras, store }),
    exits,
    cameraChanges,
  };
}
