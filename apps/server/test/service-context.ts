import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { principalFor, type Principal } from '../src/auth/principal.js';
import { migrateToLatest, type DatabaseHandle, type Trx } from '../src/db/database.js';
import { seedDemo } from '../src/demo/seed.js';
import { FrameAvailability } from '../src/media/frame-availability.js';
import { FrameService } from '../src/media/frames.js';
import { MediaStore } from '../src/media/media-store.js';
import { MediaSigner } from '../src/media/signing.js';
import { AlertSettingsService } from '../src/modules/alerts/alert-settings.service.js';
import { AlertsService } from '../src/modules/alerts/alerts.service.js';
import { AnalyzersService } from '../src/modules/analyzers/analyzers.service.js';
import type { FaceReviewsService } from '../src/modules/faces/face-reviews.service.js';
import type { FacesPort } from '../src/modules/faces/faces.port.js';
import type { FacesService } from '../src/modules/faces/faces.service.js';
import { createFacesArea } from '../src/modules/faces/faces.wiring.js';
import type { RegistryWriter } from '../src/modules/faces/registry-writer.js';
import { DetectorsService } from '../src/modules/ingest/detectors.service.js';
import { IngestService } from '../src/modules/ingest/ingest.service.js';
import { ModelsService } from '../src/modules/training/models.service.js';
import { PinsService } from '../src/modules/pins/pins.service.js';
import { PrivacyService } from '../src/modules/privacy/privacy.service.js';
import type { Notifier } from '../src/realtime/realtime.js';
import { createAudit } from '../src/modules/audit/audit.wiring.js';
import { createRepositories, type Repositories } from '../src/repositories.js';
import { Wakeups } from '../src/lib/wakeups.js';
import { TestClock, openTestDatabase } from './harness.js';

/** What the services told the live socket, in order. */
export type Notice = { kind: 'objects' | 'elopement'; domain: string; ids: string[] };

/**
 * The service tier's world (Immich's "medium" tests): the real repositories on a throwaway database (SQLite, or
 * PostgreSQL when VIGIL_TEST_DATABASE_URL names a server) with the demo data, a clock the test moves, and the services
 * wired as the server wires them, without Fastify or HTTP. Tests call services and read rows; what only HTTP shows
 * (status codes, the contract's shapes, headers) stays in the module's HTTP tests.
 */
export interface ServiceContext {
  database: DatabaseHandle;
  clock: TestClock;
  repos: Repositories;
  /** what was sent to the live socket */
  notices: Notice[];
  faces: FacesPort;
  /** the registry as its API serves it: people, their list, last seen and history */
  registry: FacesService;
  /** answers about detections (the faces module owns their transaction) */
  reviews: FaceReviewsService;
  writer: RegistryWriter;
  pins: PinsService;
  alerts: AlertsService;
  settings: AlertSettingsService;
  detectors: DetectorsService;
  ingest: IngestService;
  /** the pictures detectors sent, kept in the context's media folder */
  pictures: FrameService;
  /** the context's media folder (pictures, registry photos) */
  store: MediaStore;
  analyzers: AnalyzersService;
  /** what the analyzers' long polls wait on (the server wakes it when an exit is set or a camera deleted) */
  cameraChanges: Wakeups;
  models: ModelsService;
  /** a user as the server sees them after sign-in: their entitlements per building, staff or not */
  principal(email: string): Promise<Principal>;
  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const SECRET = Buffer.alloc(32, 7);
const INTERNAL_EMAIL_DOMAIN = 'vigil.example';

export async function createServiceContext(): Promise<ServiceContext> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-service-'));
  const { handle: database, drop } = await openTestDatabase(dataDir);
  const { db } = database;
  await migrateToLatest(db);
  const clock = new TestClock();
  const repos = createRepositories(database, clock);
  await seedDemo(db, repos.access, clock, SECRET);

  const notices: Notice[] = [];
  const notifier: Notifier = {
    objectAlerts: (domain, ids) => notices.push({ kind: 'objects', domain, ids }),
    elopementAlerts: (domain, ids) => notices.push({ kind: 'elopement', domain, ids }),
  };
  const store = new MediaStore(join(dataDir, 'media'));
  const signer = new MediaSigner(SECRET);
  // No camera records here: every picture is one a detector sent, or none.
  // Keeps what detectors send; without ffmpeg or a lookup it cuts nothing from a recording.
  const pictures = new FrameService({
    store,
    clips: repos.clips,
    ffmpeg: null,
    lookup: async () => undefined,
    clock,
    liveWindowMs: 60_000,
  });
  const frames = new FrameAvailability({ clips: repos.clips, clock, liveWindowMs: 60_000, kept: (kind, id) => pictures.exists(kind, id) });
  const silent = { warn: () => undefined, info: () => undefined };
  const {
    service: registry,
    port: faces,
    reviews,
    writer,
  } = createFacesArea({
    db,
    dialect: database.dialect,
    faces: repos.faces,
    registry: repos.registry,
    store,
    cameras: repos.cameras,
    signer,
    frames,
    clock,
    privacy: new PrivacyService({ db, privacy: repos.privacy, clock }),
  });
  const pins = new PinsService(db, repos.pins, repos.access, SECRET, clock, silent);
  const alerts = new AlertsService({
    db,
    elopement: repos.elopement,
    faces,
    pins: repos.pins,
    pinHash: (domain, digest) => pins.storedHash(domain, digest),
    signer,
    frames,
    notifier,
    clock,
  });
  const settings = new AlertSettingsService({ db, rules: repos.rules, domains: repos.domains, cameras: repos.cameras, clock });
  const detectors = new DetectorsService(db, repos.detectors, clock, createAudit({ audit: repos.audit, cameras: repos.cameras, clock }));
  const ingest = new IngestService({
    db,
    dialect: database.dialect,
    clock,
    cameras: repos.cameras,
    domains: repos.domains,
    events: repos.events,
    faces,
    alerts,
    rules: settings,
    detectors: repos.detectors,
    notifier,
    pictures,
    log: silent,
  });
  const models = new ModelsService({ db, dialect: database.dialect, models: repos.models, clock, log: silent, consent: faces });
  const cameraChanges = new Wakeups();
  const analyzers = new AnalyzersService({
    db,
    dialect: database.dialect,
    analyzers: repos.analyzers,
    detectors,
    cameras: repos.cameras,
    faces,
    models,
    signer,
    secret: SECRET,
    clock,
    // Only a wake (or the client going) ends a wait early here: its look at the database comes after the test's limit.
    changes: { wakeups: cameraChanges, waitMs: 60_000, checkMs: 60_000 },
  });

  return {
    database,
    clock,
    repos,
    notices,
    faces,
    registry,
    reviews,
    writer,
    pins,
    alerts,
    settings,
    detectors,
    ingest,
    pictures,
    store,
    analyzers,
    cameraChanges,
    models,
    async principal(email) {
      const user = await repos.access.findUserByEmail(email);
      if (!user) throw new Error(`no user ${email}`);
      return principalFor(user, 'service-test', await repos.access.entitlements(user.id), INTERNAL_EMAIL_DOMAIN);
    },
    transaction: (work) => db.transaction().execute(work),
    async close() {
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
