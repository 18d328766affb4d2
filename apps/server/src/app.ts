import { existsSync } from 'node:fs';
import { join } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { APP_VERSION, type ClientConfig, type Provider } from '@vigil/contract';
import Fastify, { type FastifyError } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createBuiltInProvider, type BuiltInProvider } from './auth/builtin-provider.js';
import { databaseAdapter } from './auth/oidc-adapter.js';
import { googleIssuer, microsoftIssuer, type TrustedIssuer } from './auth/id-token-verifier.js';
import { SessionsRepository } from './auth/sessions.repository.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { systemClock, type Clock } from './lib/clock.js';
import { HttpError } from './lib/http-error.js';
import { cameraHostAllowed, parseNetworks } from './lib/networks.js';
import { logSafeUrl } from './lib/log-safe-url.js';
import { registerSecurityHeaders } from './lib/security-headers.js';
import { SecretBox } from './lib/secret-box.js';
import type { App } from './lib/routes.js';
import { AccessRepository } from './modules/auth/access.repository.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { DomainsRepository } from './modules/domains/domains.repository.js';
import { domainsRoutes } from './modules/domains/domains.routes.js';
import { DomainsService } from './modules/domains/domains.service.js';
import { PinsRepository } from './modules/pins/pins.repository.js';
import { pinsRoutes } from './modules/pins/pins.routes.js';
import { PinsService } from './modules/pins/pins.service.js';
import { staffRoutes } from './modules/staff/staff.routes.js';
import { ClientErrorsRepository } from './modules/staff/client-errors.repository.js';
import { clientErrorsRoutes } from './modules/staff/client-errors.routes.js';
import { ClientErrorsService } from './modules/staff/client-errors.service.js';
import type { DemoCamerasHandle } from './demo/cameras.js';
import { startDemoRtsp, wireDemoDetections } from './demo/wiring.js';
import { wireLocalAnalyzer } from './processes/local-analyzer.js';
import { resolveFfmpeg } from './media/ffmpeg.js';
import { Exports } from './media/exports.js';
import { MediaStore } from './media/media-store.js';
import { Recorders } from './media/recorders.js';
import { MediaSigner } from './media/signing.js';
import { CamerasRepository } from './modules/video/cameras.repository.js';
import { LiveLeasesRepository } from './modules/video/leases.repository.js';
import { ClipsRepository } from './modules/video/clips.repository.js';
import { mediaRoutes } from './modules/video/media.routes.js';
import { OpenStreams, attachLiveStreams } from './modules/video/live-streams.js';
import { VideoService, cameraSource } from './modules/video/video.service.js';
import { videoRoutes } from './modules/video/video.routes.js';
import { demoAccountList } from './demo/seed.js';
import { FrameAvailability, FrameService, liveWindowMs, type FrameLookup } from './media/frames.js';
import { PhotoFiles } from './media/photos.js';
import { facesRoutes } from './modules/faces/faces.routes.js';
import { FacesService, RegistryWriter } from './modules/faces/faces.service.js';
import { RegistryRepository } from './modules/faces/registry.repository.js';
import { Realtime } from './realtime/realtime.js';
import { EventsRepository } from './modules/events/events.repository.js';
import { EventsService } from './modules/events/events.service.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import { FacesRepository } from './modules/faces/faces.repository.js';
import { ElopementAlertsRepository } from './modules/alerts/elopement.repository.js';
import { AlertRulesRepository } from './modules/alerts/alert-rules.repository.js';
import { AlertsService } from './modules/alerts/alerts.service.js';
import { AlertSettingsService } from './modules/alerts/alert-settings.service.js';
import { alertsRoutes } from './modules/alerts/alerts.routes.js';
import { DetectorsRepository } from './modules/ingest/detectors.repository.js';
import { DetectorsService } from './modules/ingest/detectors.service.js';
import { IngestService } from './modules/ingest/ingest.service.js';
import { ingestRoutes } from './modules/ingest/ingest.routes.js';
import { AnalyzersRepository } from './modules/ingest/analyzers.repository.js';
import { AnalyzersService } from './modules/ingest/analyzers.service.js';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  /** serve the built SPA (off for API-only tests) */
  serveWeb?: boolean;
  logger?: boolean;
  /** where log lines go instead of stdout (tests read them) */
  logStream?: { write(line: string): void };
}

function validationMessage(error: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return error.message;
  return error.validation
    .map((issue) => {
      const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const where = [error.validationContext, path].filter(Boolean).join('.');
      return `${where}: ${issue.message}`;
    })
    .join('; ');
}

function clientConfigFor(config: Config, builtIn: BuiltInProvider | undefined): ClientConfig {
  // Real providers return to VIGIL_PUBLIC_URL (their registered redirect URI); the built-in one to the page's origin.
  const redirectUri = `${config.publicUrl}/`;
  const google = config.google && {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    clientId: config.google.clientId,
    builtIn: false,
    redirectUri,
  };
  const microsoft = config.microsoft && {
    authorizeUrl: `https://login.microsoftonline.com/${config.microsoft.tenant ?? 'common'}/oauth2/v2.0/authorize`,
    clientId: config.microsoft.clientId,
    builtIn: false,
    redirectUri,
  };
  const demo = (name: Provider) => builtIn && { authorizeUrl: builtIn.authorizeUrl, clientId: builtIn.clientIds[name], builtIn: true };
  return {
    // In demo mode the built-in provider plays both; otherwise only what is configured is offered.
    providers: builtIn ? { google: demo('google') || undefined, microsoft: demo('microsoft') || undefined } : { google, microsoft },
    flags: config.flags,
    supportUrl: config.supportUrl,
    requestAccountUrl: config.requestAccountUrl,
  };
}

/** The composition root: repositories, services and routes wired over one database. */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream && { stream: options.logStream }),
            // Request lines without tokens or media signatures (see logSafeUrl).
            serializers: {
              req: (request: { method: string; url: string; host?: string; ip?: string }) => ({
                method: request.method,
                url: logSafeUrl(request.url),
                host: request.host,
                remoteAddress: request.ip,
              }),
            },
            ...(config.logFormat === 'pretty' &&
              !options.logStream && {
                transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } },
              }),
          },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // No request may hang: a slow or unfinished request is cut (408) and an idle connection closed.
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.idleMs,
    http: { headersTimeout: config.timeouts.headersMs, connectionsCheckingInterval: Math.min(config.timeouts.requestMs, 5_000) },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('principal', undefined);
  // Per-route limits (config.rateLimit on a route), keyed by user where a route says so.
  await app.register(rateLimit, { global: false });
  await registerSecurityHeaders(app, {
    // A web build pointed at other API or socket hosts (VITE_API_HOST, VITE_SOCKET_HOST) connects there too.
    extraConnectSources: [process.env.VITE_API_HOST, process.env.VITE_SOCKET_HOST].filter((host): host is string => Boolean(host)),
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError)
      return reply.code(error.statusCode).send({ ok: false, statusCode: error.statusCode, error: error.message });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ ok: false, statusCode: status, error: validationMessage(error) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ ok: false, statusCode: 500, error: 'Something went wrong on the server.' });
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Vigil API', version: APP_VERSION, description: 'The API behind the Vigil dashboard.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A session token from POST /api/v4/oauth' },
          detectorKey: { type: 'http', scheme: 'bearer', description: 'A detector key (vgd_…) for the ingest API' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // Its page sets its own CSP (with hashes for what it inlines) in place of the app's.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // The demo provider exists only in demo mode: with any real provider configured, or VIGIL_DEMO=off, its routes are 404.
  const builtIn = !config.demoSignIn
    ? undefined
    : await createBuiltInProvider({
        publicUrl: config.publicUrl,
        trustProxy: config.trustProxy !== false,
        dataDir: config.dataDir,
        secret: config.secret,
        adapter: databaseAdapter(database.db, clock),
        accounts: () => demoAccountList(access),
      });
  builtIn?.register(app);

  const trustedIssuers: Record<Provider, TrustedIssuer | undefined> = {
    google: config.google ? googleIssuer(config.google.clientId) : builtIn?.trusted('google'),
    microsoft: config.microsoft
      ? microsoftIssuer(config.microsoft.clientId, config.microsoft.tenant ?? 'common')
      : builtIn?.trusted('microsoft'),
  };
  const trusted = (name: Provider): TrustedIssuer => {
    const issuer = trustedIssuers[name];
    if (!issuer) throw new Error(`No sign-in provider for ${name}`);
    return issuer;
  };

  const access = new AccessRepository(database.db, clock);
  const sessions = new SessionsRepository(database.db, clock, config.sessionTtlHours * 3600 * 1000);
  const auth = new AuthService(access, sessions, trusted, config.internalEmailDomain);
  const domainsRepository = new DomainsRepository(database.db);
  const domains = new DomainsService(domainsRepository);
  const pinsRepository = new PinsRepository(database.db);
  const pins = new PinsService(pinsRepository, access, config.secret, clock, app.log);

  authRoutes(app, { auth, clientConfig: clientConfigFor(config, builtIn) });
  domainsRoutes(app, { authenticator: auth, domains });
  pinsRoutes(app, { authenticator: auth, pins });
  staffRoutes(app, { authenticator: auth, links: config.staffLinks });
  const clientErrors = new ClientErrorsService(new ClientErrorsRepository(database.db), clock);
  clientErrorsRoutes(app, { authenticator: auth, clientErrors });

  const store = new MediaStore(config.video.mediaDir);
  const signer = new MediaSigner(config.secret);
  const clips = new ClipsRepository(database.db, clock);
  const cameras = new CamerasRepository(database.db);
  const leases = new LiveLeasesRepository(database.db);
  const ffmpeg = await resolveFfmpeg();
  if (!ffmpeg) app.log.warn('ffmpeg not found: cameras will not record (npm start installs it; or set FFMPEG_PATH)');
  const exports = ffmpeg ? new Exports(store, ffmpeg, config.video.maxExportBytes) : undefined;
  const recorders =
    config.video.record && ffmpeg
      ? new Recorders(
          { store, index: clips, ffmpeg, clock, clipSeconds: config.video.clipSeconds, hlsSeconds: config.video.hlsSeconds, log: app.log },
          clips,
          { days: config.video.retentionDays, maxBytes: config.video.maxDiskBytes },
          exports,
        )
      : undefined;
  const cameraPasswords = new SecretBox(config.secret, 'camera-password');
  const cameraNetworks = parseNetworks(config.video.cameraNetworks);
  const sealed = await cameras.sealPlainPasswords(SecretBox.isSealed, (plain) => cameraPasswords.seal(plain));
  if (sealed > 0) app.log.info(`encrypted ${sealed} camera password(s) stored in clear by an earlier version`);
  const syncRecorders = async () => recorders?.sync((await cameras.all()).map((c) => cameraSource(c, cameraPasswords)));
  const video = new VideoService({
    cameras,
    clips,
    leases,
    signer,
    recorders,
    exports,
    clock,
    clipSeconds: config.video.clipSeconds,
    passwords: cameraPasswords,
    hostAllowed: (host) => cameraHostAllowed(host, cameraNetworks),
    onCamerasChanged: async () => {
      await syncRecorders();
    },
    entitlementsOf: (userId) => access.entitlements(userId),
  });
  videoRoutes(app, { authenticator: auth, video });
  // The low-latency live streams (viewers over WebSocket, analyzers over HTTP), each right to play checked every second.
  const liveStreams = new OpenStreams(config.video.liveRecheckMs);
  const detachLiveStreams = attachLiveStreams(app.server, {
    allowed: (lease, camera) => video.liveLeaseAllows(lease, camera),
    feed: (camera) => recorders?.feed(camera),
    streams: liveStreams,
    log: app.log,
  });
  // Before the server stops listening: it waits for open connections, and a live stream never ends by itself.
  // Then requests in flight get 2 s to finish; a connection still open after that (one that never sent a request, say)
  // is cut, so a shutdown cannot hang on a client.
  app.addHook('preClose', (done) => {
    liveStreams.closeAll();
    detachLiveStreams();
    setTimeout(() => app.server.closeAllConnections(), 2000).unref();
    done();
  });

  // Events, alerts, ingest and the live socket.
  const realtime = new Realtime();
  realtime.attach(app.server, auth, { corsOrigin: config.publicUrl });
  app.addHook('onClose', () => realtime.close());
  const events = new EventsRepository(database.db);
  const faces = new FacesRepository(database.db);
  const elopement = new ElopementAlertsRepository(database.db);
  const rules = new AlertRulesRepository(database.db);
  const detectorsRepository = new DetectorsRepository(database.db);
  const detectors = new DetectorsService(detectorsRepository, clock);
  const liveWindow = liveWindowMs(config.video.hlsSeconds);
  const frameLookup: FrameLookup = async (kind, id) => {
    if (kind === 'event') {
      const event = await events.byId(id);
      return event && { camera: event.camera_uuid, at: event.started_at };
    }
    const detection = await faces.detection(id);
    return detection && { camera: detection.camera_uuid, at: detection.captured_at, box: detection.box ? JSON.parse(detection.box) : null };
  };
  const frames = new FrameService({ store, clips, ffmpeg, lookup: frameLookup, clock, liveWindowMs: liveWindow });
  const ingest = new IngestService({
    db: database.db,
    engine: database.engine,
    clock,
    cameras,
    domains: domainsRepository,
    events,
    faces,
    elopement,
    rules,
    detectors: detectorsRepository,
    notifier: realtime,
    // The face crop and frame an analyzer sends are the detection's pictures: nothing to cut from the recording.
    pictures: { keep: (kind, id, jpeg) => frames.keep(kind, id, jpeg) },
    log: app.log,
  });
  const registry = new RegistryRepository(database.db, database.engine);
  const analyzers = new AnalyzersService({
    analyzers: new AnalyzersRepository(database.db),
    detectors: detectorsRepository,
    cameras,
    registry,
    signer,
    secret: config.secret,
    engine: database.engine,
    clock,
  });
  const frameAvailability = new FrameAvailability({ clips, clock, liveWindowMs: liveWindow, kept: (kind, id) => frames.exists(kind, id) });
  eventsRoutes(app, { authenticator: auth, events: new EventsService({ events, cameras, signer, clock, frames: frameAvailability }) });
  ingestRoutes(app, {
    authenticator: auth,
    ingest,
    detectors,
    analyzers,
    cameraDomain: async (camera) => (await cameras.findOne(camera))?.domain_uuid,
  });
  alertsRoutes(app, {
    authenticator: auth,
    alerts: new AlertsService({
      elopement,
      faces,
      pins: pinsRepository,
      pinHash: (domain, digest) => pins.storedHash(domain, digest),
      signer,
      frames: frameAvailability,
      notifier: realtime,
      clock,
    }),
    settings: new AlertSettingsService({ rules, domains: domainsRepository, cameras, clock }),
  });
  facesRoutes(app, {
    authenticator: auth,
    faces: new FacesService({
      registry,
      writer: new RegistryWriter({ registry, photos: new PhotoFiles(store), clock }),
      cameras,
      signer,
      frames: frameAvailability,
      clock,
    }),
  });
  mediaRoutes(app, {
    store,
    signer,
    clock,
    viewerLive: (lease, camera) => video.liveLeaseAllows(lease, camera),
    feed: (camera) => recorders?.feed(camera),
    streams: liveStreams,
    frames,
    analyzerLive: (token, camera) => analyzers.liveAllowed(token, camera),
    ...(exports && { exports }),
  });

  if (config.demoDetections !== 'off') wireDemoDetections(app, { detectors, events, elopement, access, clock });

  // The server's own analyzer: a process beside it, with a deployment key made afresh at every start.
  if (config.analyzer.mode === 'local')
    wireLocalAnalyzer(app, {
      entry: config.analyzer.entry,
      issueKey: async (name) => {
        await detectors.revokeDeploymentKeys({ name });
        return (await detectors.issueDeploymentKey(name)).key;
      },
    });

  let demoCameras: DemoCamerasHandle | null = null;
  if (recorders) {
    app.addHook('onReady', async () => {
      demoCameras = await startDemoRtsp(config.video, cameras, app.log);
      await syncRecorders();
      recorders.startRetention();
    });
    app.addHook('onClose', async () => {
      await recorders.stopAll();
      await demoCameras?.stop();
    });
  }

  const webIndex = join(config.webDist, 'index.html');
  const serveWeb = (options.serveWeb ?? true) && existsSync(webIndex);
  // reply.sendFile for the media routes (each passes its own root) and the SPA's index.html.
  await app.register(fastifyStatic, { root: store.root, serve: false });
  if (serveWeb) {
    // The SPA's files, sent precompressed (the build writes .br and .gz); the hashed ones never change.
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      decorateReply: false,
      cacheControl: false,
      setHeaders: (response, path) =>
        response.setHeader('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = ['/api/', '/oidc/', '/interaction/', '/media/', '/socket.io/'].some((prefix) => request.url.startsWith(prefix));
    if (!isApi && serveWeb && request.method === 'GET')
      return reply.header('cache-control', 'no-cache').sendFile('index.html', config.webDist);
    return reply.code(404).send({ ok: false, statusCode: 404, error: `No such route: ${request.method} ${request.url.split('?')[0]}` });
  });

  const purge = setInterval(
    () =>
      void Promise.all([sessions.purgeExpired(), leases.purgeExpired(clock.now()), clientErrors.purge(), analyzers.purge()]).catch(
        (err: unknown) => app.log.warn({ err }, 'purge failed'),
      ),
    3600_000,
  );
  purge.unref();
  app.addHook('onClose', () => clearInterval(purge));
  return app;
}
