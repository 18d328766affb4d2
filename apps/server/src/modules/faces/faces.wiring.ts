import type { AuditService } from '../audit/audit.service.js';
import type { Authenticator } from '../../auth/authenticate.js';
import type { Db } from '../../db/database.js';
import type { SqlDialect } from '../../db/dialect.js';
import type { Clock } from '../../lib/clock.js';
import type { App } from '../../lib/routes.js';
import type { FrameAvailability } from '../../media/frame-availability.js';
import type { MediaStore } from '../../media/media-store.js';
import { PhotoFiles } from '../../media/photos.js';
import type { MediaSigner } from '../../media/signing.js';
import type { PrivacyService } from '../privacy/privacy.service.js';
import type { CameraDirectory } from '../video/cameras.port.js';
import { ConsentRepository } from './consent.repository.js';
import { ConsentService } from './consent.service.js';
import { FaceReviewsService } from './face-reviews.service.js';
import { FacesPort } from './faces.port.js';
import type { FacesRepository } from './faces.repository.js';
import { facesRoutes } from './faces.routes.js';
import { FacesService } from './faces.service.js';
import { PeopleView } from './people-view.js';
import type { RegistryRepository } from './registry.repository.js';
import { RegistryWriter } from './registry-writer.js';
import { SightingsRepository } from './sightings.repository.js';

export interface FacesAreaDeps {
  db: Db;
  /** the building lock that ingest's writes and consent changes share */
  dialect: Pick<SqlDialect, 'lockDomain'>;
  faces: FacesRepository;
  registry: RegistryRepository;
  store: MediaStore;
  cameras: CameraDirectory;
  signer: MediaSigner;
  frames: FrameAvailability;
  clock: Clock;
  /** records changes to people (absent in service tests that do not look at the audit trail) */
  audit?: AuditService;
  /** whether a building's recognition needs consent (issue 27) */
  privacy: Pick<PrivacyService, 'consentRequired'>;
}

/** The registry's service and its port, sharing one writer and one view (the server's and the service tests'). */
export function createFacesArea(d: FacesAreaDeps) {
  const { db, dialect, faces, registry, clock } = d;
  const consents = new ConsentRepository(db);
  const consent = new ConsentService({ db, consents, privacy: d.privacy });
  const writer = registryWriterFor({ db, dialect, registry, store: d.store, clock, consents });
  const view = new PeopleView({ registry, cameras: d.cameras, signer: d.signer, frames: d.frames, clock });
  const reviews = new FaceReviewsService({ db, faces, registry });
  const service = new FacesService({
    registry,
    writer,
    view,
    consent,
    cameras: d.cameras,
    frames: d.frames,
    clock,
    ...(d.audit && { audit: d.audit }),
  });
  const sightings = new SightingsRepository(db);
  return {
    service,
    port: new FacesPort({ db, dialect, faces, sightings, registry, reviews, view, writer, consent }),
    reviews,
    writer,
    consent,
  };
}

/**
 * The faces registry's calls, and the port through which ingest records detections, alerts and training take answers
 * about them, and analyzers read the gallery.
 */
export function wireFaces(app: App, d: FacesAreaDeps & { authenticator: Authenticator }): FacesPort {
  const { service, port } = createFacesArea(d);
  facesRoutes(app, { authenticator: d.authenticator, faces: service });
  return port;
}

/** The registry's writer (fields and photos checked as the API checks them): the API's, the CLI's and the demo seed's. */
export function registryWriterFor(d: {
  db: Db;
  dialect: Pick<SqlDialect, 'lockDomain'>;
  registry: RegistryRepository;
  store: MediaStore;
  clock: Clock;
  consents?: ConsentRepository;
}): RegistryWriter {
  const consents = d.consents ?? new ConsentRepository(d.db);
  return new RegistryWriter({
    db: d.db,
    dialect: d.dialect,
    registry: d.registry,
    consents,
    photos: new PhotoFiles(d.store),
    clock: d.clock,
  });
}

/** Who a building may recognise, for an administrator's CLI (the server's comes with the faces area). */
export function consentServiceFor(d: { db: Db; privacy: Pick<PrivacyService, 'consentRequired'> }): ConsentService {
  return new ConsentService({ db: d.db, consents: new ConsentRepository(d.db), privacy: d.privacy });
}
