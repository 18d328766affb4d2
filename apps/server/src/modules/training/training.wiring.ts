import type { AuditService } from '../audit/audit.service.js';
import type { Authenticator } from '../../auth/authenticate.js';
import type { Db } from '../../db/database.js';
import type { SqlDialect } from '../../db/dialect.js';
import type { Clock } from '../../lib/clock.js';
import type { App } from '../../lib/routes.js';
import type { FrameService } from '../../media/frames.js';
import type { FrameAvailability } from '../../media/frame-availability.js';
import type { MediaSigner } from '../../media/signing.js';
import type { UserAccess } from '../auth/access.port.js';
import type { DomainDirectory } from '../domains/domains.port.js';
import type { FacesPort } from '../faces/faces.port.js';
import type { CameraDirectory } from '../video/cameras.port.js';
import { FinderIndex } from './finder-index.js';
import { MatchFinderService } from './match-finder.service.js';
import type { ModelsRepository } from './models.repository.js';
import { ModelsService } from './models.service.js';
import { PersonModelsService } from './person-models.service.js';
import { ScoringGalleries } from './scoring-gallery.js';
import type { TrainingRepository } from './training.repository.js';
import { trainingRoutes } from './training.routes.js';
import { TrainingService } from './training.service.js';

/**
 * The face training tool's and model management's calls; the models service is what analyzers read the loaded model
 * from, the person-models service what a person's erasure and export ask of training.
 */
export function wireTraining(
  app: App,
  d: {
    db: Db;
    dialect: Pick<SqlDialect, 'lockDomain'>;
    training: TrainingRepository;
    models: ModelsRepository;
    domains: DomainDirectory;
    users: Pick<UserAccess, 'findUserById'>;
    authenticator: Authenticator;
    faces: FacesPort;
    cameras: CameraDirectory;
    pictures: FrameService;
    signer: MediaSigner;
    frames: FrameAvailability;
    clock: Clock;
    audit: AuditService;
  },
): { models: ModelsService; personModels: PersonModelsService; galleries: ScoringGalleries } {
  const finder = new FinderIndex(d.training, d.clock);
  // The match finder's codes are read a minute after the start, so that a building's first search does not wait for
  // them (a million faces take about 10 s, read 5,000 at a time between other work).
  const warm = setTimeout(
    () =>
      void d.training
        .codeShelves()
        .then(async (shelves) => {
          for (const s of shelves) await finder.warm(s.domain_uuid, s.embedder);
        })
        .catch((err: unknown) => app.log.warn({ err }, 'the match finder could not read its codes ahead')),
    60_000,
  );
  warm.unref();
  app.addHook('onClose', () => clearTimeout(warm));
  const training = new TrainingService({
    training: d.training,
    users: d.users,
    faces: d.faces,
    cameras: d.cameras,
    // The crop a detector sent, or one cut from the recording now.
    crop: (id) => d.pictures.read('poster', id),
    signer: d.signer,
    frames: d.frames,
    clock: d.clock,
    audit: d.audit,
  });
  const matchFinder = new MatchFinderService({
    training: d.training,
    domains: d.domains,
    faces: d.faces,
    cameras: d.cameras,
    signer: d.signer,
    frames: d.frames,
    finder,
    clock: d.clock,
    audit: d.audit,
  });
  const models = new ModelsService({
    db: d.db,
    dialect: d.dialect,
    models: d.models,
    clock: d.clock,
    log: app.log,
    audit: d.audit,
    consent: d.faces,
  });
  app.addHook('onReady', () => models.recover());
  trainingRoutes(app, { authenticator: d.authenticator, training, matchFinder, models });
  // What the server scores faces with itself (badge taps): the analyzers' scale.
  const galleries = new ScoringGalleries({ models: d.models, training: d.training, consent: d.faces, clock: d.clock });
  return { models, personModels: new PersonModelsService({ models: d.models, finder }), galleries };
}
