import { PERSON_EXPORT_MAX_CROPS, storedRiskHours } from '@vigil/contract';
import { stringify } from 'csv-stringify/sync';
import type { ElopementAlertRow, FaceImageRow, FaceRow } from '../../db/schema.js';
import type { PersonBadgeExport } from '../badges/person-badges.service.js';
import type { PersonReportRow } from '../reports/report-people.js';
import type { PersonModel } from '../training/person-models.service.js';
import type { ConsentRow, OwnDetection } from './person-data.repository.js';
import { badgesJson } from './person-export-badges.js';

/** What a subject access export holds, gathered before the zip is written. */
export interface PersonExport {
  person: FaceRow;
  photos: FaceImageRow[];
  consents: ConsentRow[];
  /** their own detections (door faces verified for their badges included), newest first */
  detections: OwnDetection[];
  /** the detections whose crop is in the zip (crops/<id>.jpg) */
  crops: ReadonlySet<string>;
  alerts: ElopementAlertRow[];
  models: PersonModel[];
  photoEmbeddings: number;
  detectionEmbeddings: number;
  /** their badge identities, taps and verified matches */
  badges: PersonBadgeExport;
  /** the stored report rows about them or their badges */
  reportRows: PersonReportRow[];
  /** what the caller's rights left out, said in README.txt */
  withheld: string[];
  cameraNames: ReadonlyMap<string, string>;
  exportedAt: number;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const csv = (columns: string[], rows: unknown[][]) => stringify(rows, { header: true, columns, escape_formulas: true });

/** The photo's name in the zip. */
export const photoEntry = (photo: Pick<FaceImageRow, 'orientation'>) => `photos/${photo.orientation}.jpg`;
export const cropEntry = (runtimeFaceUuid: string) => `crops/${runtimeFaceUuid}.jpg`;

/** person.json: the registry's fields, consent history, photos, and what recognition holds of them. */
export function personJson(x: PersonExport): string {
  const p = x.person;
  const parse = (json: string | null) => (json ? (JSON.parse(json) as unknown) : null);
  return JSON.stringify(
    {
      exported_at: iso(x.exportedAt),
      frontend_face_uuid: p.uuid,
      domain_uuid: p.domain_uuid,
      registry: {
        first_name: p.first_name,
        last_name: p.last_name,
        role: p.role,
        gender: p.gender,
        complexion: p.complexion,
        room: p.room,
        bed: p.bed,
        unit: p.unit,
        wing: p.wing,
        card: p.card,
        elopement_risk: p.elopement_risk === 1,
        // when their risk holds (null: always)
        elopement_risk_hours: p.elopement_risk === 1 ? storedRiskHours(p.elopement_risk_hours) : null,
        email: p.email,
        employee_role: p.employee_role,
        added_at: iso(p.created_at),
        changed_at: iso(p.updated_at),
        deleted_at: iso(p.removed_at),
      },
      last_seen:
        p.last_seen_at === null
          ? null
          : { at: iso(p.last_seen_at), camera: p.last_seen_camera_uuid ? (x.cameraNames.get(p.last_seen_camera_uuid) ?? null) : null },
      consent: { current: p.consent, purposes: parse(p.consent_purposes) },
      consent_history: x.consents.map((c) => ({
        state: c.state,
        given_by: c.given_by,
        representative: c.representative,
        purposes: parse(c.purposes),
        note: c.note,
        recorded_by: c.recorded_by,
        recorded_at: iso(c.recorded_at),
      })),
      photos: x.photos.map((photo) => ({
        file: photoEntry(photo),
        orientation: photo.orientation,
        width: photo.width,
        height: photo.height,
        added_at: iso(photo.created_at),
      })),
      recognition: {
        photo_embeddings: x.photoEmbeddings,
        detection_embeddings: x.detectionEmbeddings,
        models: x.models.map((m) => ({ ...m, created_at: iso(m.created_at) })),
      },
      detections: { total: x.detections.length, crops_included: x.crops.size },
      alerts: x.alerts.length,
      badges: badgesJson(x.badges, x.reportRows),
    },
    null,
    2,
  );
}

/** detections.csv: every detection of their face, newest first. */
export function detectionsCsv(x: PersonExport): string {
  return csv(
    ['time', 'camera', 'confidence', 'confirmed', 'not_a_face', 'crop', 'detection_id'],
    x.detections.map((d) => [
      iso(d.captured_at),
      x.cameraNames.get(d.camera_uuid) ?? d.camera_uuid,
      d.confidence,
      d.match_confirmed === 1 ? 'yes' : 'no',
      d.is_face === 0 ? 'yes' : 'no',
      x.crops.has(d.runtime_face_uuid) ? cropEntry(d.runtime_face_uuid) : '',
      d.runtime_face_uuid,
    ]),
  );
}

/** alerts.csv: the elopement alerts raised about them, oldest first. */
export function alertsCsv(x: PersonExport): string {
  return csv(
    ['time', 'camera', 'description', 'dismissed_at', 'dismissed_how', 'alert_id'],
    x.alerts.map((a) => [
      iso(a.event_ts),
      x.cameraNames.get(a.camera_uuid) ?? a.camera_uuid,
      a.description,
      iso(a.dismissed_at) ?? '',
      a.dismissed_via === 'pin' ? 'with a PIN' : a.dismissed_via === 'me' ? 'by a signed-in user' : '',
      a.alert_id,
    ]),
  );
}

/** README.txt: what the zip holds, and what it leaves out. */
export function readme(x: PersonExport): string {
  const capped = x.detections.length > PERSON_EXPORT_MAX_CROPS;
  return [
    'Vigil: the data held about one person (a subject access export)',
    '',
    `Exported ${iso(x.exportedAt)} (all times are UTC).`,
    '',
    'person.json      their registry entry, consent history, photos, and what face recognition holds of them',
    'photos/          their registry photos',
    'detections.csv   every time a camera saw their face (time, camera, confidence, confirmed by a reviewer or not)',
    `crops/           the face crops of their detections: the ${PERSON_EXPORT_MAX_CROPS.toLocaleString('en-US')} newest at most, and only those kept`,
    '                 (a crop not yet cut from the recording is not made for this export)',
    'alerts.csv       the elopement alerts raised about them',
    'taps.csv         every tap of their badges (person.json lists the badges and their credentials)',
    'verified_matches.csv  the door faces confirmed (or rejected) as their badge at taps, with who and when',
    'report_rows.csv  the rows of stored reports about them or their badges, as the reports show them',
    '',
    `${x.detections.length} detections, ${x.crops.size} crops included${capped ? ` (capped at the ${PERSON_EXPORT_MAX_CROPS} newest)` : ''}.`,
    '',
    'Not included: the embeddings (numbers a recognizer computes from a face; person.json counts them), the video',
    'recordings (they show everyone in view; ask for a time and camera), and other people’s faces on which this person',
    'was only suggested as a possible match.',
    ...(x.withheld.length > 0
      ? ['', 'Left out because the person who made this export may not read them:', ...x.withheld.map((w) => `  ${w}`)]
      : []),
    '',
  ].join('\n');
}
