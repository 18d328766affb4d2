import type { CameraRow } from '../../db/schema.js';

/**
 * What other modules read of the cameras (video owns them and their changes): events, alerts, ingest, analyzers and
 * faces name and check cameras through this, never through the cameras repository.
 */
export interface CameraDirectory {
  /** A camera, deleted ones included (their recordings, events and alerts are history); see `removed_at`. */
  findOne(uuid: string): Promise<CameraRow | undefined>;
  /** Every camera in service. */
  all(): Promise<CameraRow[]>;
  /** A building's cameras in service. */
  inDomain(domainUuid: string): Promise<CameraRow[]>;
  /** The names of a building's cameras, deleted ones included: events and alerts they recorded keep the name. */
  namesInDomain(domainUuid: string): Promise<Map<string, string>>;
}
