import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { APP_VERSION, type Provider } from '@vigil/contract';
import Fastify, { type FastifyError } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createBuiltInProvider } from './auth/builtin-provider.js';
import { databaseAdapter } from './auth/oidc-adapter.js';
import { googleIssuer, microsoftIssuer, type TrustedIssuer } from './auth/id-token-verifier.js';
import { SessionsRepository } from './auth/sessions.repository.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { systemClock, type Clock } from './lib/clock.js';
import { HttpError } from './lib/http-error.js';
import { logSafeUrl } from './lib/log-safe-url.js';
import { registerSecurityHeaders } from './lib/security-headers.js';
import { serveWebApp } from './lib/web-app.js';
import type { App } from './lib/routes.js';
import { AccessRepository } from './modules/auth/access.repository.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { clientConfigFor } from './modules/auth/client-config.js';
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
import { startDemoRtsp, wireDemoDetections } from './demo/wiring.js';
import { wireLocalAnalyzer } from './processes/local-analyzer.js';
import { mediaRoutes } from './modules/video/media.routes.js';
import { wireOnboarding } from './modules/onboarding/onboarding.wiring.js';
import { tileImageSource } from './geo/settings.js';
import { wireVideo } from './modules/video/video.wiring.js';
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
import { detectorsRoutes, ingestRoutes } from './modules/ingest/ingest.routes.js';
import { AnalyzersRepository } from './modules/analyzers/analyzers.repository.js';
import { analyzersRoutes } from './modules/analyzers/analyzers.routes.js';
import { AnalyzersService } from './modules/analyzers/analyzers.service.js';
import { FacesPort } from './modules/faces/faces.port.js';

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
    // A web build pointed at other API or socket hosts (VITE_API_HOST, VITE_SOCKET_HOST), or the dev endpoint flag's
    // development API (VIGIL_DEV_API_URL), connects there too.
    extraConnectSources: [process.env.VITE_API_HOST, process.env.VITE_SOCKET_HOST, config.devApiUrl].filter((host): host is string =>
      Boolean(host),
    ),
    extraImageSources: [tileImageSource(config.maps.tileUrl)].filter((source): source is string => Boolean(source)),
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
  const pins = new PinsService(database.db, pinsRepository, access, config.secret, clock, app.log);

  authRoutes(app, { auth, clientConfig: clientConfigFor(config, builtIn) });
  domainsRoutes(app, { authenticator: auth, domains });
  pinsRoutes(app, { authenticator: auth, pins });
  accountsRoutes(app, { authenticator: auth, accounts: new AccountsService(access, config.internalEmailDomain) });
  staffRoutes(app, { authenticator: auth, links: config.staffLinks });
  const clientErrors = new ClientErrorsService(new ClientErrorsRepository(database.db), clock);
  clientErrorsRoutes(app, { authenticator: auth, clientErrors });

  const wiredVideo = await wireVideo(app, {
    config,
    database,
    clock,
    authenticator: auth,
    beforeRecording: (cameraList) => startDemoRtsp(config.video, cameraList, app.log),
  });
  const { store, signer, clips, cameras, leases, ffmpeg, exports, recorders, video, liveStreams } = wiredVideo;
  wireOnboarding(app, { config, database, clock, authenticator: auth, video: wiredVideo });
  // A shutdown waits for open connections: requests in flight get 2 s, then whatever is still open (a client that
  // never sent a request, say) is cut, so it cannot hang on a client.
  app.addHook('preClose', (done) => {
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
  const frameAvailability = new FrameAvailability({ clips, clock, liveWindowMs: liveWindow, kept: (kind, id) => frames.exists(kind, id) });
  const registry = new RegistryRepository(database.db, database.dialect);
  const facesPort = new FacesPort({ faces, registry });
  const alerts = new AlertsService({
    elopement,
    faces: facesPort,
    pins: pinsRepository,
    pinHash: (domain, digest) => pins.storedHash(domain, digest),
    signer,
    frames: frameAvailability,
    notifier: realtime,
    clock,
  });
  const alertSettings = new AlertSettingsService({ rules, domains: domainsRepository, cameras, clock });
  const ingest = new IngestService({
    db: database.db,
    engine: database.engine,
    clock,
    cameras,
    domains: domainsRepository,
    events,
    faces: facesPort,
    alerts,
    rules: alertSettings,
    detectors: detectorsRepository,
    notifier: realtime,
    // The pictures a detector sends (a face's crop and frame, an event's frame) are kept: nothing to cut from the recording.
    pictures: { keep: (kind, id, jpeg) => frames.keep(kind, id, jpeg) },
    log: app.log,
  });
  const analyzers = new AnalyzersService({
    analyzers: new AnalyzersRepository(database.db),
    detectors,
    cameras,
    faces: facesPort,
    signer,
    secret: config.secret,
    engine: database.engine,
    clock,
  });
  eventsRoutes(app, { authenticator: auth, events: new EventsService({ events, cameras, signer, clock, frames: frameAvailability }) });
  // In this order, the order of the OpenAPI document: the batch, the analyzers' calls, then the detector keys.
  ingestRoutes(app, { ingest, detectors, cameraDomain: async (camera) => (await cameras.findOne(camera))?.domain_uuid });
  analyzersRoutes(app, { authenticator: auth, detectors, analyzers });
  detectorsRoutes(app, { authenticator: auth, detectors });
  alertsRoutes(app, { authenticator: auth, alerts, settings: alertSettings });
  facesRoutes(app, {
    authenticator: auth,
    faces: new FacesService({
      registry,
      writer: new RegistryWriter({ db: database.db, registry, photos: new PhotoFiles(store), clock }),
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
  // The HLS test-stream fallback flag's stream: one generator at most, started on demand, stopped when unwatched.

  // Onboarding's maps and postal calls (offline unless configured).

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

  // reply.sendFile for the media routes (each passes its own root), then the SPA.
  await app.register(fastifyStatic, { root: store.root, serve: false });
  await serveWebApp(app, config.webDist, options.serveWeb ?? true);

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
