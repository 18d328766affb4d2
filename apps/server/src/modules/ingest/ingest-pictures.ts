import type { IngestFace } from '@vigil/contract';
import type { Db } from '../../db/database.js';
import type { FacesPort } from '../faces/faces.port.js';

/**
 * Where the pictures detectors send are kept: a face's crop (the detection's poster) and whole frame (by its
 * runtime_face_uuid), an event's frame (its picture, by the event's id).
 */
export interface DetectorPictures {
  keep(kind: 'poster' | 'face' | 'event', id: string, jpeg: Buffer): void | Promise<void>;
  /** deletes every picture of these face detections */
  forget(of: 'detection', ids: readonly string[]): Promise<void>;
}

/**
 * The pictures of the faces and events a batch wrote, and of faces this detector sent before without them (not of
 * other duplicates): after the commit, before the socket tells anyone to list them; one that cannot be kept is only
 * logged (it is then cut from the video, as without). Then the pictures of faces whose rows went while they were
 * written (an erasure or the retention sweep committed after the batch and deleted the faces' pictures before these
 * existed) go too: read after the writes, a row still there means its deleter commits later and deletes what was
 * written (issue 36).
 */
export async function keepPictures(
  d: { db: Db; pictures: DetectorPictures; faces: Pick<FacesPort, 'knownDetections'>; log?: { warn(obj: object, msg?: string): void } },
  faces: readonly IngestFace[],
  pictured: ReadonlySet<string>,
  events: readonly { id: string; frame: string }[],
): Promise<void> {
  const keep = async (kind: 'poster' | 'face' | 'event', id: string, data: string) => {
    try {
      await d.pictures.keep(kind, id, Buffer.from(data, 'base64'));
    } catch (err) {
      d.log?.warn({ err, kind, id }, 'a picture a detector sent was not kept');
    }
  };
  const written: string[] = [];
  for (const f of faces) {
    if (!f.runtime_face_uuid || !pictured.has(f.runtime_face_uuid) || !(f.crop || f.frame)) continue;
    if (f.crop) await keep('poster', f.runtime_face_uuid, f.crop);
    if (f.frame) await keep('face', f.runtime_face_uuid, f.frame);
    written.push(f.runtime_face_uuid);
  }
  for (const e of events) await keep('event', e.id, e.frame);
  if (written.length === 0) return;
  const kept = await d.faces.knownDetections(d.db, written);
  const gone = written.filter((id) => !kept.has(id));
  if (gone.length > 0) await d.pictures.forget('detection', gone);
}
