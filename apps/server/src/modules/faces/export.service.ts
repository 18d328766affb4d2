import { Readable } from 'node:stream';
import { PERSON_EXPORT_MAX_CROPS, hasOperation } from '@vigil/contract';
import { ZipFile } from 'yazl';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { framePath } from '../../media/frames.js';
import type { PersonAlertsService } from '../alerts/person-alerts.service.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import type { PersonBadgeExport, PersonBadgesService } from '../badges/person-badges.service.js';
import type { ReportPeople } from '../reports/report-people.js';
import type { PersonModelsService } from '../training/person-models.service.js';
import type { CameraDirectory } from '../video/cameras.port.js';
import { personFor } from './person-access.js';
import type { PersonDataRepository } from './person-data.repository.js';
import { personDetections } from './person-detections.js';
import { reportRowsCsv, tapsCsv, verifiedMatchesCsv } from './person-export-badges.js';
import { alertsCsv, cropEntry, detectionsCsv, personJson, photoEntry, readme, type PersonExport } from './person-export.js';

export interface PersonExportDeps {
  db: Db;
  data: PersonDataRepository;
  alerts: Pick<PersonAlertsService, 'ofPerson'>;
  models: Pick<PersonModelsService, 'modelsOf'>;
  badges: Pick<PersonBadgesService, 'identitiesOf' | 'verifiedFaces' | 'exportOf'>;
  reports: Pick<ReportPeople, 'rows'>;
  cameras: Pick<CameraDirectory, 'namesInDomain'>;
  /** the media folder: registry photos and kept crops, read whole */
  store: { exists(rel: string): boolean; read(rel: string): Promise<Buffer | null> };
  audit: Pick<AuditService, 'record'>;
  clock: Clock;
}

/**
 * "Export this person's data" (issue 27), for a subject access request: a zip of what Vigil holds about them
 * (README.txt, person.json, photos/, detections.csv, crops/, alerts.csv, taps.csv, verified_matches.csv,
 * report_rows.csv): everything an erasure of them counts. It needs faces/find_all in their building: the right that
 * already lets its holder read everyone's registry entry, photos and history there; their badges (identities, taps,
 * verified matches) come with keycard/view_all and their report rows with keycard/view_reports, the rights that read
 * them on the badge and report pages, so the zip shows nothing its holder could not read (README.txt says what a
 * missing right left out). Every export is audited.
 */
export class PersonExportService {
  constructor(private readonly d: PersonExportDeps) {}

  /** Everything is gathered (and the caller's rights checked) before the zip starts: a refusal is a plain error reply. */
  async export(principal: Principal, uuid: string, actor: AuditActor): Promise<{ filename: string; zip: NodeJS.ReadableStream }> {
    const person = personFor(principal, await this.d.data.person(this.d.db, uuid), 'find_all');
    const { db } = this.d;
    const photos = await this.d.data.photos(db, uuid);
    const services = principal.entitlements[person.domain_uuid];
    const rights = { badges: hasOperation(services, 'keycard', 'view_all'), reports: hasOperation(services, 'keycard', 'view_reports') };
    const identities = await this.d.badges.identitiesOf(db, uuid);
    // Door faces verified for their badges are their faces too (the erasure takes them): listed with the badge right only.
    const detections = await personDetections(db, { data: this.d.data, badges: this.d.badges }, uuid, rights.badges ? identities : []);
    const own = detections.map((d) => d.runtime_face_uuid);
    // The newest kept crops (a crop not cut yet is not cut for this: an export must not wait for ffmpeg).
    const crops = new Set(
      detections
        .filter((d) => this.d.store.exists(framePath('poster', d.runtime_face_uuid)))
        .slice(0, PERSON_EXPORT_MAX_CROPS)
        .map((d) => d.runtime_face_uuid),
    );
    const now = this.d.clock.now();
    const gathered: PersonExport = {
      person,
      photos,
      consents: await this.d.data.consents(db, uuid),
      detections,
      crops,
      alerts: await this.d.alerts.ofPerson(uuid, own),
      models: await this.d.models.modelsOf(db, uuid),
      photoEmbeddings: await this.d.data.photoEmbeddings(
        db,
        photos.map((p) => p.uuid),
      ),
      detectionEmbeddings: await this.d.data.embeddings(db, own),
      badges: rights.badges ? await this.d.badges.exportOf(db, uuid) : NO_BADGES,
      reportRows: rights.reports ? await this.d.reports.rows(db, person.domain_uuid, [uuid, ...identities]) : [],
      withheld: [
        ...(rights.badges ? [] : ['their badges, taps and verified matches (needs keycard/view_all)']),
        ...(rights.reports ? [] : ['the rows of stored reports about them (needs keycard/view_reports)']),
      ],
      cameraNames: await this.d.cameras.namesInDomain(person.domain_uuid),
      exportedAt: now,
    };
    await this.d.audit.record(actor, {
      action: 'exported_person',
      domain: person.domain_uuid,
      subject: uuid,
      detail: {
        photos: photos.length,
        detections: detections.length,
        crops: crops.size,
        alerts: gathered.alerts.length,
        badge_identities: gathered.badges.identities.length,
        taps: gathered.badges.taps.length,
        verified_matches: gathered.badges.matches.length,
        report_rows: gathered.reportRows.length,
      },
    });
    const day = new Date(now).toISOString().slice(0, 10);
    return { filename: `vigil-person-${uuid.slice(0, 8)}-${day}.zip`, zip: this.zip(gathered) };
  }

  /** The zip, streamed: files are read one at a time as the zip reaches them. */
  private zip(x: PersonExport): NodeJS.ReadableStream {
    const zip = new ZipFile();
    const mtime = new Date(x.exportedAt);
    const text = (body: string, name: string) => zip.addBuffer(Buffer.from(body, 'utf8'), name, { mtime });
    // JPEGs do not compress: stored as they are.
    const file = (rel: string, name: string) =>
      zip.addReadStreamLazy(name, { mtime, compress: false }, (done) => {
        this.d.store.read(rel).then(
          (bytes) => done(null, Readable.from([bytes ?? Buffer.alloc(0)])),
          (error: unknown) => done(error, Readable.from([])),
        );
      });
    text(readme(x), 'README.txt');
    text(personJson(x), 'person.json');
    for (const photo of x.photos) file(photo.file, photoEntry(photo));
    text(detectionsCsv(x), 'detections.csv');
    for (const id of x.crops) file(framePath('poster', id), cropEntry(id));
    text(alertsCsv(x), 'alerts.csv');
    text(tapsCsv(x.badges), 'taps.csv');
    text(verifiedMatchesCsv(x.badges, x.crops), 'verified_matches.csv');
    text(reportRowsCsv(x.reportRows), 'report_rows.csv');
    zip.end();
    return zip.outputStream;
  }
}

const NO_BADGES: PersonBadgeExport = { identities: [], taps: [], matches: [] };
