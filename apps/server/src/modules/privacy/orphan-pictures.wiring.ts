import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { MediaStore } from '../../media/media-store.js';
import { PictureFolder } from '../../media/picture-folder.js';
import type { Repositories } from '../../repositories.js';
import { EventsRetention } from '../events/events-retention.js';
import { FacesPictureOwners } from '../faces/picture-owners.js';
import { OrphanPictureSweep } from './orphan-pictures.js';

/** The orphan-picture sweep over a media folder, asking the faces and events modules which rows exist. */
export function createOrphanPictureSweep(d: {
  db: Db;
  repos: Pick<Repositories, 'faces' | 'registry' | 'events'>;
  store: MediaStore;
  clock: Clock;
  graceMs?: number;
  maxFiles?: number;
}): OrphanPictureSweep {
  const faces = new FacesPictureOwners({ db: d.db, faces: d.repos.faces, registry: d.repos.registry });
  const events = new EventsRetention({ events: d.repos.events });
  return new OrphanPictureSweep({
    folder: new PictureFolder(d.store),
    owners: { detections: (ids) => faces.detections(ids), photos: (ids) => faces.photos(ids), events: (ids) => events.existing(ids) },
    clock: d.clock,
    ...(d.graceMs !== undefined && { graceMs: d.graceMs }),
    ...(d.maxFiles !== undefined && { maxFiles: d.maxFiles }),
  });
}
