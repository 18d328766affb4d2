import { randomUUID } from 'node:crypto';
import {
  canReadFaces,
  formatUtc,
  hasOperation,
  mergeDetections,
  roleFlags,
  visibleToCaller,
  ALERTS_MESSAGES,
  type Face,
  type FaceRole,
  type HistoryEntry,
  type ParsedFaceInfo,
  type PhotoOrientation,
} from '@vigil/contract';
import type { Principal } from '../../auth/principal.js';
import type { FaceImageRow, FaceRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError, badRequest, forbidden, notFound } from '../../lib/http-error.js';
import { framePath, type FrameAvailability } from '../../media/frames.js';
import { PhotoError, normalisePhoto, type PhotoFiles } from '../../media/photos.js';
import type { MediaSigner } from '../../media/signing.js';
import type { CameraDirectory } from '../video/cameras.port.js';
import type { PersonFields, PersonHead, PersonRow, PhotoChange, RegistryRepository } from './registry.repository.js';

const URL_TTL_MS = 6 * 3600_000;
const LIST_CACHE_MS = 10_000;
const LIST_OPEN = Buffer.from('{"ok":true,"faces":[');
const COMMA = Buffer.from(',');
const LIST_CLOSE = Buffer.from(']}');
const HOUR_MS = 3600_000;

export interface FacesDeps {
  registry: RegistryRepository;
  writer: RegistryWriter;
  cameras: Pick<CameraDirectory, 'namesInDomain'>;
  signer: MediaSigner;
  frames: FrameAvailability;
  clock: Clock;
}

type FaceImageOut = Face['images'][number];

/**
 * Changes to the registry, whoever asks (the API after its permission checks, or an administrator's CLI): photos are
 * decoded and normalised before anything is written, the person and their photos change in one transaction, and files
 * of replaced or deleted photos go after the commit.
 */
export class RegistryWriter {
  /** Counts this process's writes: a list kept for its version is rebuilt after any of them (even within a millisecond). */
  generation = 0;
  /** The generation of each person's last write here, so their list entry is made again even within a millisecond. */
  private readonly written = new Map<string, number>();

  writeOf(person: string): number {
    return this.written.get(person) ?? 0;
  }

  private wrote(person: string): void {
    this.generation += 1;
    this.written.set(person, this.generation);
  }

  constructor(private readonly d: { registry: RegistryRepository; photos: PhotoFiles; clock: Clock }) {}

  async create(domain: string, info: ParsedFaceInfo): Promise<string> {
    if (info.images.edit.length > 0 || info.images.delete.length > 0)
      throw badRequest('face_info.images: a new person has no photos to edit or delete; send them in add.');
    const uuid = randomUUID();
    const now = this.d.clock.now();
    const photos = await this.preparePhotos(uuid, info.images.add, [], now);
    try {
      await this.d.registry.insert({ uuid, domain_uuid: domain, ...personFields(info), created_at: now, updated_at: now }, photos.rows);
      this.wrote(uuid);
    } catch (error) {
      this.d.photos.remove(...photos.files);
      throw error;
    }
    return uuid;
  }

  async update(uuid: string, info: ParsedFaceInfo): Promise<void> {
    const now = this.d.clock.now();
    const photos = await this.preparePhotos(uuid, info.images.add, info.images.edit, now);
    const change: PhotoChange = { add: photos.rows, drop: [...info.images.edit.map((p) => p.uuid), ...info.images.delete] };
    let dropped: FaceImageRow[] | false;
    try {
      dropped = await this.d.registry.update(uuid, personFields(info), change, now);
      this.wrote(uuid);
    } catch (error) {
      this.d.photos.remove(...photos.files);
      throw translateConstraint(error);
    }
    if (dropped === false) {
      this.d.photos.remove(...photos.files);
      throw badRequest('face_info.images: a photo to edit or delete is not one of this person’s.');
    }
    this.d.photos.remove(...dropped.flatMap((p) => [p.file, p.thumbnail_file]));
  }

  /** Sets (adds or replaces) one photo of a person, keeping everything else. */
  async setPhoto(uuid: string, orientation: PhotoOrientation, data: string): Promise<void> {
    const person = await this.d.registry.person(uuid);
    if (!person || person.removed_at !== null) throw notFound('No such person.');
    const existing = (await this.d.registry.photosOf([uuid])).get(uuid)?.find((p) => p.orientation === orientation);
    const info: ParsedFaceInfo = {
      ...infoOf(person),
      images: existing
        ? { add: [], edit: [{ uuid: existing.uuid, orientation, data }], delete: [] }
        : { add: [{ orientation, data }], edit: [], delete: [] },
    };
    await this.update(uuid, info);
  }

  async remove(uuid: string): Promise<void> {
    const removed = await this.d.registry.remove(uuid, this.d.clock.now());
    this.wrote(uuid);
    if (removed === false) throw notFound('No such person.');
    this.d.photos.removePerson(uuid);
  }

  /** Every photo decoded and normalised before anything is written; a bad one is a 400 naming it, and nothing is kept. */
  private async preparePhotos(
    person: string,
    added: ParsedFaceInfo['images']['add'],
    edited: ParsedFaceInfo['images']['edit'],
    now: number,
  ): Promise<{ rows: PhotoChange['add']; files: string[] }> {
    const all = [...added, ...edited];
    const orientations = all.map((p) => p.orientation);
    if (new Set(orientations).size !== orientations.length) throw badRequest('face_info.images: one front and one side photo at most.');
    const normalised = [];
    for (const [i, photo] of all.entries()) {
      const what = `face_info.images.${i < added.length ? 'add' : 'edit'}[${i < added.length ? i : i - added.length}] (${photo.orientation})`;
      try {
        normalised.push({ photo, result: await normalisePhoto(photo.data, what) });
      } catch (error) {
        if (error instanceof PhotoError) throw badRequest(error.message);
        throw error;
      }
    }
    const rows: PhotoChange['add'] = [];
    const files: string[] = [];
    for (const { photo, result } of normalised) {
      const uuid = randomUUID();
      const paths = this.d.photos.write(person, uuid, result);
      files.push(paths.file, paths.thumbnail);
      rows.push({
        uuid,
        orientation: photo.orientation,
        file: paths.file,
        thumbnail_file: paths.thumbnail,
        width: result.width,
        height: result.height,
        bytes: result.photo.length,
        created_at: now,
      });
    }
    return { rows, files };
  }
}

/**
 * The faces registry (part 2): who may see whom, people with their photos and last seen, history, and changes with
 * photos checked and normalised before anything is written.
 */
export class FacesService {
  /** Signed links for this hour's expiry, by scope: a list of 5,000 people signs each folder once an hour, not per call. */
  private signed = { expires: 0, urls: new Map<string, string>() };
  private readonly lists = new Map<string, { version: string; at: number; json: Buffer }>();
  private readonly tagged = new Map<string, { key: string; at: number; counts: Map<string, number> }>();
  /** Each person's entry of the list as JSON, with the inputs it was made from (see listJson). */
  private readonly entries = new Map<string, { domain: string; key: string; json: Buffer }>();

  constructor(private readonly d: FacesDeps) {}

  /** The caller's view of a building: 403 without any way to read the registry there. */
  private reader(principal: Principal, domain: string): { findAll: boolean } {
    const services = principal.entitlements[domain];
    if (!canReadFaces(services)) throw forbidden(ALERTS_MESSAGES.facesNoAccess);
    return { findAll: hasOperation(services, 'faces', 'find_all') };
  }

  /**
   * A person the caller may see (and, with `operation`, change): another building's person, a deleted one, or an
   * employee hidden from the caller all answer 404, exactly like an unknown id.
   */
  private async visiblePerson(principal: Principal, uuid: string, operation?: 'add' | 'delete'): Promise<FaceRow> {
    const person = await this.d.registry.person(uuid);
    const services = person ? principal.entitlements[person.domain_uuid] : undefined;
    if (
      !person ||
      person.removed_at !== null ||
      !canReadFaces(services) ||
      !visibleToCaller(person.role as FaceRole, hasOperation(services, 'faces', 'find_all'))
    )
      throw notFound('No such person.');
    if (operation && !hasOperation(services, 'faces', operation))
      throw forbidden(`You do not have faces/${operation} access in this domain.`);
    return person;
  }

  /**
   * The list of a building, as JSON text. Every open faces page asks for it every 30 s and it is the same until
   * something changes: it is kept per building, view (with or without employees) and version (see listVersion), for
   * at most LIST_CACHE_MS, so that pictures that became available appear and links are renewed.
   */
  async listJson(principal: Principal, domain: string): Promise<Buffer> {
    const { findAll } = this.reader(principal, domain);
    const current = await this.d.registry.listVersion(domain);
    const version = `${this.d.writer.generation}:${current.key}`;
    const key = `${domain}:${findAll}`;
    const now = this.d.clock.now();
    const cached = this.lists.get(key);
    if (cached && cached.version === version && now - cached.at < LIST_CACHE_MS) return cached.json;

    // Something changed, usually one person (seen by a camera): only entries whose inputs changed are made again.
    const heads = await this.d.registry.heads(domain, !findAll);
    // Confirmed matches per person change only with reviews: counted again when their total or the generation moved.
    const counted = this.tagged.get(domain);
    const taggedKey = `${this.d.writer.generation}:${current.tagged}`;
    const reuse = counted !== undefined && counted.key === taggedKey && now - counted.at < LIST_CACHE_MS;
    const tagged = reuse ? counted.counts : await this.d.registry.taggedCounts(domain);
    if (!reuse) this.tagged.set(domain, { key: taggedKey, at: now, counts: tagged });
    const context = await this.presentContext(domain, heads, tagged);
    const expires = signedExpiry(now);
    const entryKey = (h: PersonHead) => {
      const camera = h.last_seen_camera_uuid === null ? '' : (context.names.get(h.last_seen_camera_uuid) ?? '');
      const pictured = isPictured(h, this.d.frames);
      return `${h.updated_at}|${this.d.writer.writeOf(h.uuid)}|${h.last_seen_detection_id}|${camera}|${context.tagged.get(h.uuid) ?? 0}|${pictured}|${expires}`;
    };
    const keys = new Map(heads.map((h) => [h.uuid, entryKey(h)]));
    const stale = heads.filter((h) => this.entries.get(h.uuid)?.key !== keys.get(h.uuid)).map((h) => h.uuid);
    if (stale.length > 0) {
      const rows =
        stale.length > heads.length / 2 ? await this.d.registry.people(domain, !findAll) : await this.d.registry.peopleByIds(stale);
      const faces = await this.present(domain, rows, context);
      rows.forEach((row, i) =>
        this.entries.set(row.uuid, { domain, key: keys.get(row.uuid)!, json: Buffer.from(JSON.stringify(faces[i])) }),
      );
    }
    if (findAll) for (const [uuid, entry] of this.entries) if (entry.domain === domain && !keys.has(uuid)) this.entries.delete(uuid);
    // Bytes, joined without making a 3 MB string first; every request that gets the kept list sends them as they are.
    const parts: Buffer[] = [LIST_OPEN];
    heads.forEach((h, i) => {
      if (i > 0) parts.push(COMMA);
      parts.push(this.entries.get(h.uuid)!.json);
    });
    parts.push(LIST_CLOSE);
    const json = Buffer.concat(parts);
    this.lists.set(key, { version, at: now, json });
    return json;
  }

  async one(principal: Principal, uuid: string): Promise<{ ok: true; face: Face }> {
    const person = await this.visiblePerson(principal, uuid);
    const [face] = await this.present(person.domain_uuid, [person]);
    return { ok: true, face: face! };
  }

  async history(principal: Principal, uuid: string, limit: number, before: string | undefined) {
    const person = await this.visiblePerson(principal, uuid);
    const rows = await this.d.registry.history(person.uuid, before === undefined ? undefined : Date.parse(before), limit);
    const names = await this.d.cameras.namesInDomain(person.domain_uuid);
    await this.d.frames.prepare(rows.map((r) => r.camera_uuid));
    const now = this.d.clock.now();
    const groups = mergeDetections(rows.map((r) => ({ ...r, cameraId: r.camera_uuid, timestamp: r.captured_at })));
    const history = groups.map(({ parent, children }): HistoryEntry => {
      const pictured = (kind: 'poster' | 'face') =>
        this.d.frames.pictured(kind, parent.runtime_face_uuid, parent.camera_uuid, parent.captured_at);
      return {
        runtime_face_uuid: parent.runtime_face_uuid,
        frontend_face_uuid: parent.frontend_face_uuid,
        captured_at: formatUtc(new Date(parent.captured_at)),
        camera_uuid: parent.camera_uuid,
        camera_description: names.get(parent.camera_uuid) ?? 'Removed camera',
        match_confidence: parent.confidence,
        face_confidence: parent.face_confidence,
        merged: children.length > 0,
        mergeCount: children.length + 1,
        poster_uri: pictured('poster') ? this.sign(framePath('poster', parent.runtime_face_uuid), now) : null,
        frame_uri: pictured('face') ? this.sign(framePath('face', parent.runtime_face_uuid), now) : null,
      };
    });
    const last = rows.at(-1);
    return {
      ok: true as const,
      history,
      detections: rows.length,
      // To the millisecond: a page must not skip detections earlier in the same second as its last one.
      next_before: rows.length === limit && last ? new Date(last.captured_at).toISOString() : null,
    };
  }

  /** POST /api/v6/faces (faces/add). */
  async add(principal: Principal, domain: string, info: ParsedFaceInfo) {
    const services = principal.entitlements[domain];
    if (!hasOperation(services, 'faces', 'add')) throw forbidden('You do not have faces/add access in this domain.');
    this.checkEmployeeVisibility(principal, domain, info.role);
    return { ok: true as const, frontend_face_uuid: await this.d.writer.create(domain, info) };
  }

  /** PUT /api/v6/faces/{id} (faces/add): every field again; photos added, replaced (edit) or deleted. */
  async edit(principal: Principal, uuid: string, info: ParsedFaceInfo) {
    const person = await this.visiblePerson(principal, uuid, 'add');
    this.checkEmployeeVisibility(principal, person.domain_uuid, info.role);
    await this.d.writer.update(uuid, info);
    return { ok: true as const, frontend_face_uuid: uuid };
  }

  /** DELETE /api/v6/faces/{id} (faces/delete). */
  async remove(principal: Principal, uuid: string) {
    const person = await this.visiblePerson(principal, uuid, 'delete');
    await this.d.writer.remove(person.uuid);
    return { ok: true as const };
  }

  /** GET /api/v4/faceimage/{runtimeFaceUuid}: where the detection's face crop is (a signed link). */
  async faceImage(principal: Principal, runtimeFaceUuid: string): Promise<string> {
    const detection = await this.d.registry.detection(runtimeFaceUuid);
    if (!detection || !canReadFaces(principal.entitlements[detection.domain_uuid])) throw notFound('No such face detection.');
    await this.d.frames.prepare([detection.camera_uuid]);
    if (!this.d.frames.pictured('poster', runtimeFaceUuid, detection.camera_uuid, detection.captured_at))
      throw notFound('There is no recording of this moment (yet).');
    return this.sign(framePath('poster', runtimeFaceUuid), this.d.clock.now());
  }

  /** Someone who cannot see employees cannot make one either (they could not see or undo what they made). */
  private checkEmployeeVisibility(principal: Principal, domain: string, role: FaceRole): void {
    if (!visibleToCaller(role, hasOperation(principal.entitlements[domain], 'faces', 'find_all')))
      throw forbidden('Adding or changing people other than residents needs faces/find_all.');
  }

  /** What presenting people needs besides their rows: confirmed counts, camera names, recording coverage. */
  private async presentContext(
    domain: string,
    people: readonly Pick<PersonRow, 'last_seen_camera_uuid'>[],
    counted?: Map<string, number>,
  ): Promise<PresentContext> {
    const [tagged, names] = await Promise.all([counted ?? this.d.registry.taggedCounts(domain), this.d.cameras.namesInDomain(domain)]);
    await this.d.frames.prepare(people.flatMap((p) => (p.last_seen_camera_uuid ? [p.last_seen_camera_uuid] : [])));
    return { tagged, names };
  }

  /** People as the API shows them: photos and last-seen pictures as signed links. */
  private async present(domain: string, people: PersonRow[], given?: PresentContext): Promise<Face[]> {
    const { tagged, names } = given ?? (await this.presentContext(domain, people));
    const photos = await this.d.registry.photosOf(people.map((p) => p.uuid));
    const now = this.d.clock.now();
    return people.map((p): Face => {
      const seen = p.last_seen_at !== null && p.last_seen_detection_id !== null && p.last_seen_camera_uuid !== null;
      const pictured = isPictured(p, this.d.frames);
      return {
        frontend_face_uuid: p.uuid,
        domain_uuid: p.domain_uuid,
        person_name: `${p.first_name} ${p.last_name}`,
        first_name: p.first_name,
        last_name: p.last_name,
        role: p.role as Face['role'],
        gender: p.gender as Face['gender'],
        complexion: p.complexion as Face['complexion'],
        room: p.room,
        bed: p.bed,
        unit: p.unit,
        wing: p.wing,
        card: p.card,
        elopement_risk: p.elopement_risk === 1,
        email: p.email,
        employee_role: p.employee_role as Face['employee_role'],
        ...roleFlags(p.role as FaceRole),
        images: (photos.get(p.uuid) ?? []).map((photo) => this.photoOut(p.uuid, photo, now)),
        images_tagged: tagged.get(p.uuid) ?? 0,
        last_seen_datetime: seen ? formatUtc(new Date(p.last_seen_at!)) : null,
        last_seen_camera_uuid: seen ? p.last_seen_camera_uuid : null,
        last_seen_camera_description: seen ? (names.get(p.last_seen_camera_uuid!) ?? 'Removed camera') : null,
        last_seen_detection_id: seen ? p.last_seen_detection_id : null,
        last_seen_preview: pictured ? this.sign(framePath('poster', p.last_seen_detection_id!), now) : null,
        last_seen_frame_uri: pictured ? this.sign(framePath('face', p.last_seen_detection_id!), now) : null,
      };
    });
  }

  private photoOut(person: string, photo: FaceImageRow, now: number): FaceImageOut {
    // One signature for the person's folder covers both files.
    const folder = this.sign(`people/${person}/`, now);
    return {
      uuid: photo.uuid,
      orientation: photo.orientation as FaceImageOut['orientation'],
      uri: `${folder}${photo.file.slice(photo.file.lastIndexOf('/') + 1)}`,
      thumbnail_uri: `${folder}${photo.thumbnail_file.slice(photo.thumbnail_file.lastIndexOf('/') + 1)}`,
    };
  }

  /** A signed link valid for 6 to 7 hours; the expiry is rounded to the hour so a browser can cache what it points at. */
  private sign(scope: string, now: number): string {
    const expires = signedExpiry(now);
    if (this.signed.expires !== expires) this.signed = { expires, urls: new Map() };
    let url = this.signed.urls.get(scope);
    if (url === undefined) {
      url = this.d.signer.sign(scope, expires);
      this.signed.urls.set(scope, url);
    }
    return url;
  }
}

interface PresentContext {
  tagged: Map<string, number>;
  names: Map<string, string>;
}

/** Signed links expire 6 to 7 hours on, on the hour, so the same link is handed out for an hour (browser cache). */
const signedExpiry = (now: number) => Math.ceil((now + URL_TTL_MS) / HOUR_MS) * HOUR_MS;

/** Whether the last sighting's pictures can be shown (a recording holds that moment). */
function isPictured(p: PersonHead, frames: FrameAvailability): boolean {
  return (
    p.last_seen_at !== null &&
    p.last_seen_detection_id !== null &&
    p.last_seen_camera_uuid !== null &&
    frames.has(p.last_seen_camera_uuid, p.last_seen_at)
  );
}

/** A stored person as form fields, to change one thing of theirs. */
function infoOf(person: FaceRow): Omit<ParsedFaceInfo, 'images'> {
  return {
    first_name: person.first_name,
    last_name: person.last_name,
    role: person.role as FaceRole,
    gender: (person.gender ?? 'other') as ParsedFaceInfo['gender'],
    complexion: (person.complexion ?? 'Other') as ParsedFaceInfo['complexion'],
    room: person.room,
    room_number: null,
    bed: person.bed,
    unit: person.unit,
    wing: person.wing,
    card: person.card,
    elopement_risk: person.elopement_risk === 1,
    email: person.email,
    employee_role: person.employee_role as ParsedFaceInfo['employee_role'],
  };
}

function personFields(info: ParsedFaceInfo): PersonFields {
  const resident = info.role === 'resident';
  const employee = info.role === 'employee';
  return {
    first_name: info.first_name,
    last_name: info.last_name,
    role: info.role,
    gender: info.gender,
    complexion: info.complexion,
    room: info.room ?? info.room_number,
    bed: info.bed,
    unit: info.unit,
    wing: info.wing,
    card: info.card,
    elopement_risk: resident && info.elopement_risk === true ? 1 : 0,
    email: employee && info.email ? info.email : null,
    employee_role: employee ? (info.employee_role ?? null) : null,
  };
}

/** Two requests adding the same orientation at once: the unique index answers, as a 409. */
function translateConstraint(error: unknown): unknown {
  const message = error instanceof Error ? error.message : '';
  if (/unique|duplicate key/i.test(message)) return new HttpError(409, 'This person’s photos changed meanwhile; reload and try again.');
  return error;
}
