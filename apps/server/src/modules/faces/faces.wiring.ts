import type { Authenticator } from '../../auth/authenticate.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { App } from '../../lib/routes.js';
import type { FrameAvailability } from '../../media/frame-availability.js';
import type { MediaStore } from '../../media/media-store.js';
import { PhotoFiles } from '../../media/photos.js';
import type { MediaSigner } from '../../media/signing.js';
import type { CameraDirectory } from '../video/cameras.port.js';
import { FaceReviewsService } from './face-reviews.service.js';
import { FacesPort } from './faces.port.js';
import type { FacesRepository } from './faces.repository.js';
import { facesRoutes } from './faces.routes.js';
import { FacesService } from './faces.service.js';
import { PeopleView } from './people-view.js';
import type { RegistryRepository } from './registry.repository.js';
import { RegistryWriter } from './registry-writer.js';

export interface FacesAreaDeps {
  db: Db;
  faces: FacesRepository;
  registry: RegistryRepository;
  store: MediaStore;
  cameras: CameraDirectory;
  signer: MediaSigner;
  frames: FrameAvailability;
  clock: Clock;
}

/** The registry's service and its port, sharing one writer and one view (the server's and the service tests'). */
export function createFacesArea(d: FacesAreaDeps) {
  const { db, faces, registry, clock } = d;
  const writer = registryWriterFor({ db, registry, store: d.store, clock });
  const view = new PeopleView({ registry, cameras: d.cameras, signer: d.signer, frames: d.frames, clock });
  const reviews = new FaceReviewsService({ db, faces, registry });
  const service = new FacesService({ registry, writer, view, cameras: d.cameras, frames: d.frames, clock });
  return { service, port: new FacesPort({ faces, registry, reviews, view, writer }), reviews, writer };
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
export function registryWriterFor(d: { db: Db; registry: RegistryRepository; store: MediaStore; clock: Clock }): RegistryWriter {
  return new RegistryWriter({ db: d.db, registry: d.registry, photos: new PhotoFiles(d.store), clock: d.clock });
}
