import fastifyStatic from '@fastify/static';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { demoAccountList } from './demo/seed.js';
import { startDemoRtsp, wireDemoDetections, wireDemoTraining } from './demo/wiring.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createHttpApp, type HttpAppOptions } from './lib/fastify-app.js';
import type { App } from './lib/routes.js';
import { serveWebApp } from './lib/web-app.js';
import { FrameService, liveWindowMs, type FrameLookup } from './media/frames.js';
import { FrameAvailability, livePlaylistFresh } from './media/frame-availability.js';
import { wireAccounts } from './modules/accounts/accounts.wiring.js';
import { wireAlerts } from './modules/alerts/alerts.wiring.js';
import { wireAnalyzers } from './modules/analyzers/analyzers.wiring.js';
import { createAudit, wireAudit } from './modules/audit/audit.wiring.js';
import { wireAuth } from './modules/auth/auth.wiring.js';
import { wireDomains } from './modules/domains/domains.wiring.js';
import { wireTraining } from './modules/training/training.wiring.js';
import { wireEvents } from './modules/events/events.wiring.js';
import { wireFaces } from './modules/faces/faces.wiring.js';
import { wireIngest } from './modules/ingest/ingest.wiring.js';
import { wireOnboarding } from './modules/onboarding/onboarding.wiring.js';
import { wirePins } from './modules/pins/pins.wiring.js';
import { wireStaff } from './modules/staff/staff.wiring.js';
import { mediaRoutes } from './modules/video/media.routes.js';
import { wireVideo } from './modules/video/video.wiring.js';
import { wireLocalAnalyzer } from './processes/local-analyzer.js';
import { Realtime } from './realtime/realtime.js';
import { createRepositories } from './repositories.js';
import type { CameraDirectory } from './modules/video/cameras.port.js';

export interface AppOptions extends HttpAppOptions {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  /** serve the built SPA (off for API-only tests) */
  serveWeb?: boolean;
}

/**
 * The composition root: one HTTP server, every module's repository over one database (repositories.ts), and each
 * area wired by its own `<area>.wiring.ts`, in the order the OpenAPI document lists them. What the demo adds comes
 * from src/demo/.
 */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config, database } = options;
  const { db } = database;
  const clock = options.clock ?? systemClock;
  const app = await createHttpApp(config, options);
  const repos = createRepositories(database, clock);
  const { access } = repos;
  // Every area records its actions here; the cameras (made by video, below) name them when the log is read.
  let cameraNames: Pick<CameraDirectory, 'namesInDomain'> | undefined;
  const audit = createAudit({
    audit: repos.audit,
    cameras: { namesInDomain: (domain) => cameraNames?.namesInDomain(domain) ?? Promise.resolve(new Map<string, string>()) },
    clock,
    log: app.log,
  });

  const { auth, sessions } = await wireAuth(app, { config, database, clock, access, demoAccounts: () => demoAccountList(access) });
  const authenticator = auth;
  wireAudit(app, { authenticator, audit });
  wireDomains(app, { authenticator, domains: repos.domains });
  const pins = wirePins(app, { db, pins: repos.pins, access, authenticator, secret: config.secret, clock });
  wireAccounts(app, { db, access, authenticator, internalEmailDomain: config.internalEmailDomain });
  const clientErrors = wireStaff(app, { authenticator, links: config.staffLinks, clientErrors: repos.clientErrors, clock });

  const video = await wireVideo(app, {
    config,
    database,
    clock,
    authenticator,
    cameras: repos.cameras,
    clips: repos.clips,
    leases: repos.leases,
    beforeRecording: (cameraList) => startDemoRtsp(config.video, cameraList, app.log),
  });
  const { store, signer, clips, cameras } = video;
  cameraNames = cameras;
  wireOnboarding(app, { config, database, clock, authenticator, onboarding: repos.onboarding, video });

  const realtime = new Realtime();
  realtime.attach(app.server, auth, { corsOrigin: config.publicUrl });
  app.addHook('onClose', () => realtime.close());

  // Pictures of events and detections: kept when a detector sent one, else cut from the recording.
  const frameLookup: FrameLookup = async (kind, id) => {
    if (kind === 'event') {
      const event = await repos.events.byId(id);
      return event && { camera: event.camera_uuid, at: event.started_at };
    }
    const detection = await repos.faces.detection(id);
    return detection && { camera: detection.camera_uuid, at: detection.captured_at, box: detection.box ? JSON.parse(detection.box) : null };
  };
  const liveWindow = liveWindowMs(config.video.hlsSeconds);
  const frames = new FrameService({ store, clips, ffmpeg: video.ffmpeg, lookup: frameLookup, clock, liveWindowMs: liveWindow });
  const frameAvailability = new FrameAvailability({
    clips,
    clock,
    liveWindowMs: liveWindow,
    streaming: livePlaylistFresh(store.root, liveWindow, clock),
    kept: (kind, id) => frames.exists(kind, id),
  });

  wireEvents(app, { authenticator, events: repos.events, cameras, signer, frames: frameAvailability, clock });
  const faces = wireFaces(app, {
    db,
    authenticator,
    faces: repos.faces,
    registry: repos.registry,
    store,
    cameras,
    signer,
    frames: frameAvailability,
    clock,
  });
  const { alerts, settings } = wireAlerts(app, {
    db,
    authenticator,
    elopement: repos.elopement,
    rules: repos.rules,
    domains: repos.domains,
    cameras,
    faces,
    pins: repos.pins,
    pinHash: (domain, digest) => pins.storedHash(domain, digest),
    signer,
    frames: frameAvailability,
    notifier: realtime,
    clock,
  });
  const models = wireTraining(app, {
    training: repos.training,
    models: repos.models,
    domains: repos.domains,
    users: access,
    authenticator,
    faces,
    cameras,
    pictures: frames,
    signer,
    frames: frameAvailability,
    clock,
  });
  const detectors = wireIngest(app, {
    db,
    dialect: database.dialect,
    authenticator,
    clock,
    cameras,
    domains: repos.domains,
    events: repos.events,
    faces,
    alerts,
    rules: settings,
    detectors: repos.detectors,
    notifier: realtime,
    // The pictures a detector sends (a face's crop and frame, an event's frame) are kept: nothing to cut from the recording.
    pictures: { keep: (kind, id, jpeg) => frames.keep(kind, id, jpeg) },
    log: app.log,
  });
  const analyzers = wireAnalyzers(app, {
    db,
    dialect: database.dialect,
    authenticator,
    analyzers: repos.analyzers,
    detectors,
    cameras,
    faces,
    models,
    signer,
    secret: config.secret,
    clock,
  });
  mediaRoutes(app, {
    store,
    signer,
    clock,
    viewerLive: (lease, camera) => video.video.liveLeaseAllows(lease, camera),
    feed: (camera) => video.recorders?.feed(camera),
    streams: video.liveStreams,
    frames,
    analyzerLive: (token, camera) => analyzers.liveAllowed(token, camera),
    ...(video.exports && { exports: video.exports }),
  });

  if (config.demoDetections !== 'off')
    wireDemoDetections(app, { detectors, events: repos.events, elopement: repos.elopement, access, clock });
  if (config.demoTraining) wireDemoTraining(app, { training: repos.training, models, faces, access: repos.access, clock });

  // The server's own analyzer: a process beside it, with a deployment key made afresh at every start.
  if (config.analyzer.mode === 'local')
    wireLocalAnalyzer(app, {
      entry: config.analyzer.entry,
      issueKey: async (name) => {
        await detectors.revokeDeploymentKeys({ name });
        return (await detectors.issueDeploymentKey(name)).key;
      },
    });

  // reply.sendFile for the media routes (each passes its own root), then the SPA.
  await app.register(fastifyStatic, { root: store.root, serve: false });
  await serveWebApp(app, config.webDist, options.serveWeb ?? true);

  const purge = setInterval(
    () =>
      void Promise.all([sessions.purgeExpired(), repos.leases.purgeExpired(clock.now()), clientErrors.purge(), analyzers.purge()]).catch(
        (err: unknown) => app.log.warn({ err }, 'purge failed'),
      ),
    3600_000,
  );
  purge.unref();
  app.addHook('onClose', () => clearInterval(purge));
  return app;
}
