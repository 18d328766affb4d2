import type { Authenticator } from '../../auth/authenticate.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { App } from '../../lib/routes.js';
import type { FrameAvailability, FrameService } from '../../media/frames.js';
import type { MediaSigner } from '../../media/signing.js';
import type { FacesPort } from '../faces/faces.port.js';
import type { CameraDirectory } from '../video/cameras.port.js';
import { TrainingRepository } from './training.repository.js';
import { trainingRoutes } from './training.routes.js';
import { TrainingService } from './training.service.js';

/** The face training tool's calls. */
export function wireTraining(
  app: App,
  d: {
    db: Db;
    authenticator: Authenticator;
    faces: FacesPort;
    cameras: CameraDirectory;
    pictures: FrameService;
    signer: MediaSigner;
    frames: FrameAvailability;
    clock: Clock;
  },
): TrainingService {
  const training = new TrainingService({
    training: new TrainingRepository(d.db),
    faces: d.faces,
    cameras: d.cameras,
    // The crop a detector sent, or one cut from the recording now.
    crop: (id) => d.pictures.read('poster', id),
    signer: d.signer,
    frames: d.frames,
    clock: d.clock,
  });
  trainingRoutes(app, { authenticator: d.authenticator, training });
  return training;
}
