import { randomUUID } from 'node:crypto';
import {
  consentChanged,
  recognitionAllowed,
  riskHoursOrAlways,
  storedRiskHours,
  type FaceRole,
  type ParsedConsent,
  type ParsedFaceInfo,
  type PhotoOrientation,
} from '@vigil/contract';
import type { Db, Trx } from '../../db/database.js';
import type { SqlDialect } from '../../db/dialect.js';
import type { FaceImageRow, FaceRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError, badRequest, notFound } from '../../lib/http-error.js';
import { PhotoError, normalisePhoto, type PhotoFiles } from '../../media/photos.js';
import { parsedConsent, type ConsentRepository } from './consent.repository.js';
import type { PersonFields, PhotoChange, RegistryRepository } from './registry.repository.js';

/** A consent answer recorded with a person's change (issue 27). */
export interface ConsentToRecord {
  answer: ParsedConsent;
  /** who recorded it (their e-mail) */
  by: string;
  domain: string;
  /** the building requires consent: an answer that does not cover recognition forgets the person's face data */
  required: boolean;
}

/**
 * Changes to the registry, whoever asks (the API after its permission checks, or an administrator's CLI): photos are
 * decoded and normalised before anything is written, the person and their photos change in one transaction (started
 * and owned here), and files of replaced or deleted photos go after the commit.
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

  constructor(
    private readonly d: {
      db: Db;
      dialect: Pick<SqlDialect, 'lockDomain'>;
      registry: RegistryRepository;
      consents: ConsentRepository;
      photos: PhotoFiles;
      clock: Clock;
    },
  ) {}

  async create(domain: string, info: ParsedFaceInfo, consent?: ConsentToRecord): Promise<string> {
    if (info.images.edit.length > 0 || info.images.delete.length > 0)
      throw badRequest('face_info.images: a new person has no photos to edit or delete; send them in add.');
    const uuid = randomUUID();
    const now = this.d.clock.now();
    const photos = await this.preparePhotos(uuid, info.images.add, [], now);
    try {
      await this.d.db.transaction().execute(async (trx) => {
        if (consent) await this.d.dialect.lockDomain(trx, domain);
        const fields = { elopement_risk_hours: null, ...personFields(info) };
        await this.d.registry.insertPerson(trx, { uuid, domain_uuid: domain, ...fields, created_at: now, updated_at: now });
        await this.d.registry.insertPhotos(trx, uuid, photos.rows);
        if (consent) await this.recordConsent(trx, uuid, consent, now);
      });
      this.wrote(uuid);
    } catch (error) {
      this.d.photos.remove(...photos.files);
      throw error;
    }
    return uuid;
  }

  /** Changes a person; true when a consent answer was recorded (one that repeats the current answer records nothing). */
  async update(uuid: string, info: ParsedFaceInfo, consent?: ConsentToRecord): Promise<boolean> {
    const now = this.d.clock.now();
    const photos = await this.preparePhotos(uuid, info.images.add, info.images.edit, now);
    const change: PhotoChange = { add: photos.rows, drop: [...info.images.edit.map((p) => p.uuid), ...info.images.delete] };
    let written: { dropped: FaceImageRow[]; consented: boolean } | false;
    try {
      written = await this.write(uuid, personFields(info), change, now, consent);
      this.wrote(uuid);
    } catch (error) {
      this.d.photos.remove(...photos.files);
      throw translateConstraint(error);
    }
    if (written === false) {
      this.d.photos.remove(...photos.files);
      throw badRequest('face_info.images: a photo to edit or delete is not one of this person’s.');
    }
    this.d.photos.remove(...written.dropped.flatMap((p) => [p.file, p.thumbnail_file]));
    return written.consented;
  }

  /** Appends the answer and makes it current; one that does not allow recognition where it is required forgets their face data. */
  private async recordConsent(trx: Trx, person: string, consent: ConsentToRecord, now: number): Promise<void> {
    const { answer } = consent;
    await this.d.consents.record(trx, {
      face_uuid: person,
      domain_uuid: consent.domain,
      state: answer.state,
      given_by: answer.given_by,
      representative: answer.representative,
      purposes: JSON.stringify(answer.purposes),
      note: answer.note,
      recorded_by: consent.by,
      recorded_at: now,
    });
    if (!recognitionAllowed(consent.required, answer)) await this.d.consents.forgetEmbeddings(trx, [person]);
  }

  /**
   * Changes a person and their photos in one transaction; false (nothing written) when the person was deleted meanwhile
   * or a photo to replace or delete is not theirs.
   */
  private async write(
    uuid: string,
    fields: PersonFields,
    photos: PhotoChange,
    now: number,
    consent: ConsentToRecord | undefined,
  ): Promise<{ dropped: FaceImageRow[]; consented: boolean } | false> {
    return this.d.db
      .transaction()
      .execute(async (trx) => {
        // A consent answer is written under the building's lock, as ingest writes faces: a batch in flight either lands
        // before it (and what it kept of them is forgotten here) or reads the new answer.
        if (consent) await this.d.dialect.lockDomain(trx, consent.domain);
        if (!(await this.d.registry.updatePerson(trx, uuid, fields, now))) return false;
        const dropped = await this.d.registry.photosByIds(trx, photos.drop);
        // Thrown to roll the person's change back as well.
        if (dropped.length !== photos.drop.length || dropped.some((p) => p.face_uuid !== uuid)) throw new ForeignPhoto();
        await this.d.registry.deletePhotos(trx, photos.drop);
        await this.d.registry.insertPhotos(trx, uuid, photos.add);
        const latest = consent && (await this.d.consents.latest(trx, uuid));
        const consented = consent !== undefined && consentChanged(latest && parsedConsent(latest), consent.answer);
        if (consented) await this.recordConsent(trx, uuid, consent, now);
        return { dropped, consented };
      })
      .catch((error: unknown) => {
        if (error instanceof ForeignPhoto) return false as const;
        throw error;
      });
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
    const now = this.d.clock.now();
    const removed = await this.d.db.transaction().execute((trx) => this.d.registry.remove(trx, uuid, now));
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

class ForeignPhoto extends Error {}

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
    elopement_risk_hours: storedRiskHours(person.elopement_risk_hours),
    email: person.email,
    employee_role: person.employee_role as ParsedFaceInfo['employee_role'],
  };
}

/**
 * A person's elopement_risk_hours column after a change: null (always) for anyone not at risk, or for hours that hold
 * at every moment; undefined (kept as stored) when the change leaves them out.
 */
export function riskHoursColumn(info: ParsedFaceInfo): string | null | undefined {
  if (info.role !== 'resident' || info.elopement_risk !== true) return null;
  if (info.elopement_risk_hours === undefined) return undefined;
  const hours = riskHoursOrAlways(info.elopement_risk_hours);
  return hours === null ? null : JSON.stringify(hours);
}

function personFields(info: ParsedFaceInfo): PersonFields {
  const resident = info.role === 'resident';
  const employee = info.role === 'employee';
  const hours = riskHoursColumn(info);
  return {
    ...(hours !== undefined && { elopement_risk_hours: hours }),
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
