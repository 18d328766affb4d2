import type { Authenticator } from '../../auth/authenticate.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { App } from '../../lib/routes.js';
import type { FrameAvailability } from '../../media/frames.js';
import type { MediaStore } from '../../media/media-store.js';
import { PhotoFiles } from '../../media/photos.js';
import type { MediaSigner } from '../../media/signing.js';
import type { CameraDirectory } from '../video/cameras.port.js';
import { FaceReviewsService } from './face-reviews.service.js';
import { FacesPort } from './faces.port.js';
import type { FacesRepository } from './faces.repository.js';
import { facesRoutes } from './faces.routes.js';
import { FacesService } from './faces.service.js';
import type { RegistryRepository } from './registry.repository.js';
import { RegistryWriter } from './registry-writer.js';

/**
 * The faces registry's calls, and the port through which ingest records detections, alerts take answers about them
 * and analyzers read the gallery.
 */
export function wireFaces(
  app: App,
  d: {
    db: Db;
    authenticator: Authenticator;
    faces: FacesRepository;
    registry: RegistryRepository;
    store: MediaStore;
    cameras: CameraDirectory;
    signer: MediaSigner;
    frames: FrameAvailability;
    clock: Clock;
  },
): FacesPort {
  const { db, faces, registry, clock } = d;
  facesRoutes(app, {
    authenticator: d.authenticator,
    faces: new FacesService({
      registry,
      writer: registryWriterFor({ db, registry, store: d.store, clock }),
      cameras: d.cameras,
      signer: d.signer,
      frames: d.frames,
      clock,
    }),
  });
  return new FacesPort({ faces, registry, reviews: new FaceReviewsService({ db, faces, registry }) });
}

/** The registry's writer (fields and photos checked as the API checks them): the API's, the CLI's and the demo seed's. */
export function registryWriterFor(d: { db: Db; registry: RegistryRepository; store: MediaStore; clock: Clock }): RegistryWriter {
  return new RegistryWriter({ db: d.db, registry: d.registry, photos: new PhotoFiles(d.store), clock: d.clock });
}
