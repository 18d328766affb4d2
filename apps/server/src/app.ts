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
import { wireBadges } from './modules/badges/badges.wiring.js';
import { wireReports } from './modules/reports/reports.wiring.js';
import { TAP_REPORT_HEADERS } from './modules/badges/credential-report.service.js';
import { signedFrameUrl } from './media/frames.js';
import { wireAuth } from './modules/auth/auth.wiring.js';
import { wireDomains } from './modules/domains/domains.wiring.js';
import { wireTraining } from './modules/training/training.wiring.js';
import { wireEvents } from './modules/events/events.wiring.js';
import { wireFaces } from './modules/faces/faces.wiring.js';
import { wireErasure } from './modules/faces/erasure.wiring.js';
import { consentSettingRoutes } from './modules/privacy/consent-setting.routes.js';
import { ConsentSettingService } from './modules/privacy/consent-setting.service.js';
import { PrivacyService } from './modules/privacy/privacy.service.js';
import { wireIngest } from './modules/ingest/ingest.wiring.js';
import { wireOnboarding } from './modules/onboarding/onboarding.wiring.js';
import { wirePins } from './modules/pins/pins.wiring.js';
import { wirePrivacy } from './modules/privacy/privacy.wiring.js';
import { wireStaff } from './modules/staff/staff.wiring.js';
import { mediaRoutes } from './modules/video/media.routes.js';
import { wireVideo } from './modules/video/video.wiring.js';
import { wireLocalAnalyzer } from './processes/local-analyzer.js';
import { Realtime, type Notifier } from './realtime/realtime.js';
import { wireDelivery } from './modules/delivery/delivery.wiring.js';
import { wirePush } from './modules/delivery/push.wiring.js';
import type { AlertsService } from './modules/alerts/alerts.service.js';
import type { EscalationService } from './modules/alerts/escalation.service.js';
import { wireMqtt } from './modules/delivery/mqtt.wiring.js';
import { wireWebhooks } from './modules/delivery/webhook.wiring.js';
import type { AlertFactsLookup } from './modules/delivery/delivery.port.js';
import { createRepositories, personBadges, personReports } from './repositories.js';
import type { CameraDirectory } from './modules/video/cameras.port.js';
import type { VideoService } from './modules/video/video.service.js';
import { sha256Hex } from './lib/hash.js';

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
  const late: { cameras?: CameraDirectory; video?: VideoService } = {};
  const audit = createAudit({
    audit: repos.audit,
    cameras: {
      namesInDomain: (domain) => late.cameras?.namesInDomain(domain) ?? Promise.resolve(new Map<string, string>()),
      findOne: (uuid) => late.cameras?.findOne(uuid) ?? Promise.resolve(undefined),
    },
    members: async (domain) => (await access.usersInDomain(domain)).map((user) => user.email),
    clock,
    log: app.log,
  });

  const { auth, sessions } = await wireAuth(app, {
    config,
    database,
    clock,
    access,
    demoAccounts: () => demoAccountList(access),
    audit,
    beforeSignOut: async (token) => {
      await late.video?.endViewings(sha256Hex(token));
    },
  });
  const authenticator = auth;
  wireAudit(app, { authenticator, audit });
  wireDomains(app, { authenticator, domains: repos.domains });
  const pins = wirePins(app, { db, pins: repos.pins, access, authenticator, secret: config.secret, clock });
  // Web Push: the devices that receive a building's alerts, and the channel that pushes each step to them; alerts
  // (wired below) say whom a tier tells and record a notification's "I'm on it".
  const pushAlerts: { alerts?: AlertsService; escalation?: EscalationService } = {};
  const push = wirePush(app, {
    db,
    deliveries: repos.deliveries,
    authenticator,
    push: config.push,
    secret: config.secret,
    entitlements: (userId) => access.entitlements(userId),
    alerts: {
      recipients: async (trx, domain, tiers) => (await pushAlerts.escalation?.recipients(trx, domain, tiers)) ?? new Set<string>(),
      toldTier: async (trx, alertId) => (await repos.elopement.get(alertId, trx))?.escalation_tier,
      domainOf: async (alertId) => (await repos.elopement.get(alertId))?.domain_uuid,
      acknowledge: async (actor, alertId, from) => {
        if (!pushAlerts.alerts) throw new Error('alerts are not wired yet');
        return pushAlerts.alerts.acknowledge(actor, alertId, from);
      },
    },
    audit,
    clock,
  });
  wireAccounts(app, {
    db,
    access,
    authenticator,
    internalEmailDomain: config.internalEmailDomain,
    audit,
    alertDevices: push.devices,
  });
  const clientErrors = wireStaff(app, { authenticator, links: config.staffLinks, clientErrors: repos.clientErrors, clock });

  const video = await wireVideo(app, {
    config,
    database,
    clock,
    authenticator,
    cameras: repos.cameras,
    clips: repos.clips,
    leases: repos.leases,
    audit,
    beforeRecording: (cameraList) => startDemoRtsp(config.video, cameraList, app.log),
  });
  const { store, signer, clips, cameras } = video;
  late.cameras = cameras;
  late.video = video.video;
  wireOnboarding(app, { config, database, clock, authenticator, onboarding: repos.onboarding, video, audit });

  const realtime = new Realtime();
  realtime.attach(app.server, auth, { corsOrigin: config.publicUrl });
  app.addHook('onClose', () => realtime.close());
  // Alert delivery (push, MQTT, webhooks): steps are queued in their transactions; the alerts' facts come from alerts (below).
  const late2: { alerts?: { facts: AlertFactsLookup } } = {};
  const delivery = wireDelivery(app, {
    db,
    deliveries: repos.deliveries,
    facts: (alertId, step, tier) => late2.alerts?.facts(alertId, step, tier) ?? Promise.resolve(undefined),
    clock,
    channels: [
      push.channel,
      ...wireMqtt(app, {
        config: config.mqtt,
        domains: repos.domains,
        elopement: repos.elopement,
        facts: (id, step, tier) => late2.alerts?.facts(id, step, tier) ?? Promise.resolve(undefined),
        clock,
      }),
      wireWebhooks(app, {
        db,
        secret: config.secret,
        deliveries: repos.deliveries,
        domains: repos.domains,
        audit,
        clock,
        authenticator,
        broker: config.mqtt?.url ?? null,
      }),
    ],
  });
  // Whatever tells open pages of an elopement alert's change has just committed one: the queue looks now.
  const notifier: Notifier = {
    objectAlerts: (domain, ids) => realtime.objectAlerts(domain, ids),
    elopementAlerts: (domain, ids) => {
      realtime.elopementAlerts(domain, ids);
      if (ids.length > 0) delivery.wake();
    },
  };

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
  // A building's privacy settings: whether recognition needs consent (faces, analyzers and training ask), retention.
  const privacy = new PrivacyService({ db, privacy: repos.privacy, clock });
  const faces = wireFaces(app, {
    db,
    dialect: database.dialect,
    authenticator,
    faces: repos.faces,
    registry: repos.registry,
    store,
    cameras,
    signer,
    frames: frameAvailability,
    clock,
    audit,
    privacy,
  });
  const { alerts, settings, personAlerts, escalation } = wireAlerts(app, {
    db,
    authenticator,
    elopement: repos.elopement,
    escalationSettings: repos.escalation,
    access,
    rules: repos.rules,
    domains: repos.domains,
    cameras,
    faces,
    pins: repos.pins,
    pinHash: (domain, digest) => pins.storedHash(domain, digest),
    signer,
    frames: frameAvailability,
    notifier,
    clock,
    audit,
    delivery,
    keptCrop: async (face) => (frames.exists('poster', face) ? frames.read('poster', face) : null),
  });
  late2.alerts = alerts;
  pushAlerts.alerts = alerts;
  pushAlerts.escalation = escalation;
  const { models, personModels, galleries } = wireTraining(app, {
    db,
    dialect: database.dialect,
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
    audit,
  });
  wireErasure(app, {
    db,
    dialect: database.dialect,
    authenticator,
    data: repos.personData,
    store,
    cameras,
    alerts: personAlerts,
    models: personModels,
    badges: personBadges(repos),
    reports: personReports(repos),
    audit,
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
    notifier,
    // The pictures a detector sends (a face's crop and frame, an event's frame) are kept: nothing to cut from the recording.
    pictures: { keep: (kind, id, jpeg) => frames.keep(kind, id, jpeg), forget: (of, ids) => frames.forget(of, ids) },
    log: app.log,
    audit,
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
    cameraChanges: video.cameraChanges,
    idleTimeoutMs: config.timeouts.idleMs,
  });
  const badges = wireBadges(app, {
    db,
    dialect: database.dialect,
    authenticator,
    badges: repos.badges,
    tags: repos.badgeTags,
    faces,
    privacy,
    galleries,
    f1Scores: (domain) => models.f1Scores(domain),
    listKey: async (domain) => `${await faces.galleryVersion(domain)}|${(await models.loaded(domain))?.uuid ?? '-'}`,
    cameras,
    domains: repos.domains,
    detectors,
    signer,
    frames: frameAvailability,
    // Report work (a tenant or unit PDF's door crops): the report lane, so alert pictures never wait behind it.
    crop: (id) => frames.read('poster', id, 'reports'),
    clock,
    audit,
  });
  // Consent: turning it on forgets what faces and badges may no longer keep, in one transaction.
  consentSettingRoutes(app, {
    authenticator,
    setting: new ConsentSettingService({ db, dialect: database.dialect, privacy, faces, badges: badges.consent, audit }),
  });
  const reports = wireReports(app, {
    authenticator,
    reports: repos.reports,
    schedule: repos.reportSchedule,
    domains: repos.domains,
    sources: {
      taps: (domain, from, to, limit, which) => badges.reports.tapReportRows(domain, from, to, limit, which),
      tapHeaders: TAP_REPORT_HEADERS,
      alerts: (domain, from, to, limit) => alerts.between(domain, from, to, limit),
    },
    faceImage: (detection) => signedFrameUrl(signer, 'poster', detection, clock.now()),
    clock,
    scheduled: config.reportsSchedule,
    audit,
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
    audit,
    ...(video.exports && { exports: video.exports }),
  });

  // Retention: each building's periods, and the sweep that deletes what is past them (a cluster runs it once a period).
  wirePrivacy(app, {
    db,
    authenticator,
    repos,
    retention: config.retention,
    video: video.retention,
    clientErrors,
    audit,
    pictures: frames,
    store,
    clock,
  });

  if (config.demoDetections !== 'off')
    wireDemoDetections(app, {
      detectors,
      events: repos.events,
      elopement: repos.elopement,
      access,
      clock,
      ...(config.analyzer.mode === 'local' && { faces }),
      reports: { evaluate: (domain) => badges.evaluator.evaluateDue(domain), generate: (...args) => reports.generate(...args) },
    });
  if (config.demoTraining) wireDemoTraining(app, { training: repos.training, models, faces, access: repos.access, clock });

  // The server's own analyzer: a process beside it, with a deployment key made afresh at every start.
  if (config.analyzer.mode === 'local')
    wireLocalAnalyzer(app, {
      entry: config.analyzer.entry,
      issueKey: async (name) => {
        await detectors.revokeDeploymentKeys({ name });
        return (await detectors.issueDeploymentKey(name, ['analyzer'])).key;
      },
    });

  // reply.sendFile for the media routes (each passes its own root), then the SPA.
  await app.register(fastifyStatic, { root: store.root, serve: false });
  await serveWebApp(app, config.webDist, options.serveWeb ?? true);

  // Live viewings end when their lease runs out: each is audited (camera, from, to) within a minute of its end.
  const viewings = setInterval(
    () => void video.video.endViewings().catch((err: unknown) => app.log.warn({ err }, 'ending viewings failed')),
    60_000,
  );
  viewings.unref();
  app.addHook('onClose', () => clearInterval(viewings));
  const purge = setInterval(
    () => void Promise.all([sessions.purgeExpired(), analyzers.purge()]).catch((err: unknown) => app.log.warn({ err }, 'purge failed')),
    3600_000,
  );
  purge.unref();
  app.addHook('onClose', () => clearInterval(purge));
  return app;
}
