import type { Authenticator } from '../../auth/authenticate.js';
import type { Clock } from '../../lib/clock.js';
import type { App } from '../../lib/routes.js';
import type { FrameAvailability } from '../../media/frame-availability.js';
import type { MediaSigner } from '../../media/signing.js';
import type { CameraDirectory } from '../video/cameras.port.js';
import type { EventsRepository } from './events.repository.js';
import { eventsRoutes } from './events.routes.js';
import { EventsService } from './events.service.js';

/** The events timeline's calls (ingest writes the events, through events.port's EventLog). */
export function wireEvents(
  app: App,
  d: {
    authenticator: Authenticator;
    events: EventsRepository;
    cameras: CameraDirectory;
    signer: MediaSigner;
    frames: FrameAvailability;
    clock: Clock;
  },
): void {
  const { authenticator, ...deps } = d;
  eventsRoutes(app, { authenticator, events: new EventsService(deps) });
}
