import { randomUUID } from 'node:crypto';
import {
  INGEST,
  alertCategoryOf,
  describeObjects,
  removeDetectorPrefix,
  type AlertCategory,
  type IngestEvent,
  type IngestCandidate,
  type IngestFace,
  type IngestReply,
  type ingestBatchSchema,
} from '@vigil/contract';
import type { z } from 'zod';
import type { Db, Trx } from '../../db/database.js';
import type { SqlDialect } from '../../db/dialect.js';
import type { CameraRow, DetectionRecord, DetectorRow, DomainRow, NewEvent, NewFaceDetection } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest } from '../../lib/http-error.js';
import type { Notifier } from '../../realtime/realtime.js';
import type { AlertSettingsService } from '../alerts/alert-settings.service.js';
import type { AlertsService } from '../alerts/alerts.service.js';
import type { DomainDirectory } from '../domains/domains.port.js';
import type { EventLog } from '../events/events.port.js';
import type { ConsentCheck, FacesPort } from '../faces/faces.port.js';
import type { CameraDirectory } from '../video/cameras.port.js';
import type { DetectorsRepository } from './detectors.repository.js';
import { keepPictures, type DetectorPictures } from './ingest-pictures.js';

type Batch = z.output<typeof ingestBatchSchema>;

export interface IngestDeps {
  db: Db;
  /** serialises a building's batches (PostgreSQL's advisory lock; SQLite writes one at a time anyway) */
  dialect: Pick<SqlDialect, 'lockDomain'>;
  clock: Clock;
  cameras: CameraDirectory;
  domains: DomainDirectory;
  events: EventLog;
  faces: FacesPort;
  /** raises elopement alerts (alerts decides) */
  alerts: Pick<AlertsService, 'raiseElopement' | 'alertsOnFaces' | 'recordRaised'>;
  /** decides which events become alerts (the building's alert settings) */
  rules: Pick<AlertSettingsService, 'decideEventAlerts'>;
  detectors: DetectorsRepository;
  notifier: Notifier;
  /**
   * where the pictures detectors send are kept: a face's crop (the detection's poster) and whole frame (by its
   * runtime_face_uuid), an event's frame (its picture, by the event's id)
   */
  pictures?: DetectorPictures;
  log?: { warn(obj: object, msg?: string): void };
}

const isJpeg = (bytes: Buffer) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/** The row an ingested event becomes (not yet an alert: the rules decide that in time order). */
export function eventRow(
  e: IngestEvent,
  domain: string,
  detectorId: string,
  now: number,
): NewEvent & { id: string; category: AlertCategory; alerted: number } {
  const names = e.objects.map((o) => removeDetectorPrefix(o.name));
  const best = Math.max(...e.objects.map((o) => o.confidence));
  return {
    id: randomUUID(),
    domain_uuid: domain,
    camera_uuid: e.camera_uuid,
    started_at: Date.parse(e.started_at),
    category: alertCategoryOf(names),
    description: e.description ?? describeObjects(names),
    objects: JSON.stringify(names),
    metrics: JSON.stringify({
      description: `${e.objects.length} detection${e.objects.length === 1 ? '' : 's'}, best confidence ${best.toFixed(2)}`,
      detections: e.objects.map((o) => ({ name: o.name, confidence: o.confidence, ...(o.box ? { box: o.box } : {}) })),
    }),
    alerted: 0,
    rule_id: null,
    detector_id: detectorId,
    source_id: e.source_id ?? null,
    created_at: now,
  };
}

function faceRow(f: IngestFace, domain: string, detectorId: string, now: number): DetectionRecord {
  const match = f.frontend_face_uuid ?? null;
  return {
    runtime_face_uuid: f.runtime_face_uuid ?? randomUUID(),
    domain_uuid: domain,
    camera_uuid: f.camera_uuid,
    captured_at: Date.parse(f.captured_at),
    // What the analyzer said stays as it was sent; the match is what people's answers make of it (none yet).
    frontend_face_uuid: match,
    analyzer_face_uuid: match,
    confidence: f.confidence,
    box: f.box ? JSON.stringify(f.box) : null,
    is_face: null,
    match_confirmed: null,
    reviewed_by: null,
    reviewed_at: null,
    detector_id: detectorId,
    created_at: now,
    face_confidence: f.face_confidence ?? null,
    face_height: f.face_height ?? null,
    candidates: f.candidates && f.candidates.length > 0 ? JSON.stringify(f.candidates) : null,
    embedder: f.embedding === undefined ? null : (f.embedder ?? `detector:${detectorId}`),
    embedding: f.embedding === undefined ? null : Buffer.from(f.embedding, 'base64'),
  };
}

/**
 * Turns a detector's batch into events, face detections, alerts and elopement alerts, all in one transaction:
 * a batch is checked whole first, and either everything in it is written or nothing is. Ingest validates, stores and
 * calls; whether an event or a face raises an alert is for alerts to decide.
 */
export class IngestService {
  constructor(private readonly d: IngestDeps) {}

  async ingest(detector: DetectorRow, batch: Batch): Promise<IngestReply> {
    const domain = await this.d.domains.findOne(detector.domain_uuid);
    if (!domain) throw badRequest("This detector's building no longer exists.");
    const cameras = new Map((await this.d.cameras.inDomain(domain.uuid)).map((c) => [c.uuid, c]));
    const now = this.d.clock.now();
    this.check(batch, cameras, now);
    const outcome = await this.d.db.transaction().execute(async (trx) => {
      await this.d.dialect.lockDomain(trx, domain.uuid);
      // Read under the building's lock, which consent changes take too: a change that forgets someone's face data is
      // either seen here or made after this batch is written (and forgets what it kept of them).
      const consent = batch.faces.length > 0 ? await this.d.faces.consentCheck(trx, domain.uuid) : () => true;
      const events = await this.writeEvents(trx, detector, domain, batch.events, now);
      const faces = await this.writeFaces(trx, detector, domain, cameras, batch.faces, now, consent);
      await this.d.detectors.touch(trx, detector.id, now);
      return { ...events, ...faces };
    });

    if (this.d.pictures) await keepPictures({ ...this.d, pictures: this.d.pictures }, batch.faces, outcome.pictured, outcome.eventPictures);
    // The alerts whose pictures came now, after their face: open pages refetch them, and show the pictures.
    const late = batch.faces.flatMap((f) =>
      f.runtime_face_uuid && outcome.picturesOnly.has(f.runtime_face_uuid) && (f.crop || f.frame) ? [f.runtime_face_uuid] : [],
    );
    const pictured = await this.d.alerts.alertsOnFaces(late);
    // The alerts' first step in the audit trail, after the commit (the audit log writes on its own connection).
    await this.d.alerts.recordRaised(domain.uuid, outcome.alertIds);
    // After the commit, so a client that refetches on the message sees what it was told about.
    this.d.notifier.objectAlerts(domain.uuid, outcome.alertedIds);
    this.d.notifier.elopementAlerts(domain.uuid, [...outcome.alertIds, ...pictured]);
    return {
      ok: true,
      events: { accepted: outcome.events, duplicates: batch.events.length - outcome.events },
      faces: { accepted: outcome.faces, duplicates: batch.faces.length - outcome.faces },
      alerts: outcome.alertedIds.length,
      elopement_alerts: outcome.alertIds.length,
    };
  }

  /** Events: what this detector already sent (retries) is dropped; the alert settings decide which become alerts. */
  private async writeEvents(trx: Trx, detector: DetectorRow, domain: DomainRow, events: IngestEvent[], now: number) {
    const known = await this.d.events.knownSourceIds(
      trx,
      detector.id,
      events.flatMap((e) => (e.source_id ? [e.source_id] : [])),
    );
    const fresh = events.filter((e) => {
      if (!e.source_id) return true;
      if (known.has(e.source_id)) return false;
      known.add(e.source_id);
      return true;
    });
    const rows = fresh.map((e) => eventRow(e, domain.uuid, detector.id, now));
    const eventPictures = rows.flatMap((row, i) => {
      const frame = fresh[i]!.frame;
      return frame ? [{ id: row.id, frame }] : [];
    });
    rows.sort((a, b) => a.started_at - b.started_at);
    await this.d.rules.decideEventAlerts(trx, domain, rows);
    await this.d.events.insertMany(trx, rows);
    return { events: rows.length, alertedIds: rows.filter((r) => r.alerted === 1).map((r) => r.id), eventPictures };
  }

  /**
   * Faces: the matched person must be of this building; one the building may not recognise (deleted, or without the
   * consent it requires) is dropped from the match and the candidates, and the face's embedding is not kept; alerts
   * decides which sightings raise elopement alerts (of people whose consent covers alerts).
   */
  private async writeFaces(
    trx: Trx,
    detector: DetectorRow,
    domainRow: DomainRow,
    cameras: Map<string, CameraRow>,
    faces: IngestFace[],
    now: number,
    consent: ConsentCheck,
  ) {
    const domain = domainRow.uuid;
    const rows = faces.map((f) => faceRow(f, domain, detector.id, now));
    const stored = await this.d.faces.knownDetections(
      trx,
      rows.map((f) => f.runtime_face_uuid),
    );
    // A face this detector sent before may come again with its pictures (sent first without them, so that an alert it
    // raises waits for no picture): they are kept; the face itself is a duplicate.
    const picturesOnly = new Set([...stored].filter(([, sender]) => sender === detector.id).map(([id]) => id));
    const known = new Set(stored.keys());
    const fresh = rows.filter((f) => {
      if (known.has(f.runtime_face_uuid)) return false;
      known.add(f.runtime_face_uuid);
      return true;
    });
    const named = (f: NewFaceDetection) => [
      ...(f.frontend_face_uuid ? [f.frontend_face_uuid] : []),
      ...(f.candidates ? (JSON.parse(f.candidates) as IngestCandidate[]).map((c) => c.frontend_face_uuid) : []),
    ];
    const matched = [...new Set(fresh.flatMap(named))];
    const people = new Map((await this.d.faces.peopleIn(trx, domain, matched)).map((p) => [p.uuid, p]));
    // A person of another building is a detector's mistake: the batch is refused. An id that names nobody at all is a
    // person erased since the detector's gallery was made: the face is kept as unmatched, as for a deleted person.
    const elsewhere = await this.d.faces.existing(
      trx,
      matched.filter((m) => !people.has(m)),
    );
    const stranger = [...elsewhere][0];
    if (stranger) throw badRequest(`faces: frontend_face_uuid ${stranger} is not a person in this detector's building.`);
    // A deleted person, or one without the consent the building requires, is recognised no more: a detector with an
    // older gallery sends the face as unmatched, and the embedding of a face named as theirs is not kept.
    const recognisable = (uuid: string) => {
      const person = people.get(uuid);
      return person !== undefined && person.removed_at === null && consent(person);
    };
    for (const f of fresh) {
      if (f.frontend_face_uuid && !recognisable(f.frontend_face_uuid)) {
        // (nor does an erased person's, named by an older gallery: `person` is undefined)
        const person = people.get(f.frontend_face_uuid);
        if (!person || person.removed_at === null) f.embedding = f.embedder = null;
        f.frontend_face_uuid = f.analyzer_face_uuid = null;
      }
      if (f.candidates) {
        const kept = (JSON.parse(f.candidates) as IngestCandidate[]).filter((c) => recognisable(c.frontend_face_uuid));
        f.candidates = kept.length > 0 ? JSON.stringify(kept) : null;
      }
    }
    await this.d.faces.recordDetections(trx, fresh);
    const alerting = new Map([...people].filter(([, p]) => consent(p, ['recognition', 'alerts'])));
    // The people's rows (read once above for the whole batch) carry their risk hours; the building its zone and place.
    const place = { timeZone: domainRow.timezone, geoloc: domainRow.geoloc };
    const alertIds = await this.d.alerts.raiseElopement(trx, domain, place, fresh, alerting, cameras, now);
    return {
      faces: fresh.length,
      alertIds,
      picturesOnly,
      pictured: new Set([...fresh.map((f) => f.runtime_face_uuid), ...picturesOnly]),
    };
  }

  /** The checks the schema cannot make: cameras of this building, no times from the future. */
  private check(batch: Batch, cameras: Map<string, CameraRow>, now: number): void {
    const latest = now + INGEST.futureToleranceMs;
    batch.events.forEach((e, i) => {
      if (!cameras.has(e.camera_uuid))
        throw badRequest(`events[${i}].camera_uuid: no camera ${e.camera_uuid} in this detector's building.`);
      if (Date.parse(e.started_at) > latest) throw badRequest(`events[${i}].started_at is in the future.`);
      if (e.frame !== undefined && !isJpeg(Buffer.from(e.frame, 'base64'))) throw badRequest(`events[${i}].frame must be a JPEG image.`);
    });
    batch.faces.forEach((f, i) => {
      if (!cameras.has(f.camera_uuid)) throw badRequest(`faces[${i}].camera_uuid: no camera ${f.camera_uuid} in this detector's building.`);
      if (Date.parse(f.captured_at) > latest) throw badRequest(`faces[${i}].captured_at is in the future.`);
      for (const [field, data] of [
        ['crop', f.crop],
        ['frame', f.frame],
      ] as const) {
        if (data === undefined) continue;
        if (!isJpeg(Buffer.from(data, 'base64'))) throw badRequest(`faces[${i}].${field} must be a JPEG image.`);
        if (!f.runtime_face_uuid) throw badRequest(`faces[${i}]: a face with a ${field} needs its runtime_face_uuid.`);
      }
      if (f.embedding !== undefined && Buffer.from(f.embedding, 'base64').length % 4 !== 0)
        throw badRequest(`faces[${i}].embedding must be float32 numbers (a multiple of 4 bytes).`);
      const ids = (f.candidates ?? []).map((c) => c.frontend_face_uuid);
      if (new Set(ids).size !== ids.length) throw badRequest(`faces[${i}].candidates names a person twice.`);
    });
  }
}
