import { actorOfPrincipal, type AuditService } from '../audit/audit.service.js';
import { randomUUID } from 'node:crypto';
import {
  ALERTS_MESSAGES,
  ELOPEMENT,
  ERASED_PERSON,
  cameraAlertRepeatMs,
  elopementRiskHolds,
  hasOperation,
  raisesElopementAlert,
  storedRiskHours,
  type AlertPlace,
  type ElopementAlert,
  type FaceConfirmBody,
  type FaceMatchConfirmBody,
  type facesAlertsQuerySchema,
} from '@vigil/contract';
import type { z } from 'zod';
import { requireEntitlement, type Principal } from '../../auth/principal.js';
import type { CameraRow, FaceRow, NewElopementAlert } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError, badRequest, forbidden, notFound } from '../../lib/http-error.js';
import { signedFrameUrl } from '../../media/frames.js';
import { type FrameAvailability } from '../../media/frame-availability.js';
import type { MediaSigner } from '../../media/signing.js';
import type { Notifier } from '../../realtime/realtime.js';
import type { FacesPort } from '../faces/faces.port.js';
import type { PinChecks } from '../pins/pins.port.js';
import type { ElopementAlertView, ElopementAlertsRepository } from './elopement.repository.js';
import type { Db, Trx } from '../../db/database.js';
import type { DeliveryService } from '../delivery/delivery.service.js';
import type { AlertFacts } from '../delivery/delivery.port.js';

type FacesAlertsQuery = z.output<typeof facesAlertsQuerySchema>;

/** Wrong dismissal PINs allowed per user in the window before further tries are refused (429). */
export const DISMISS_PIN_FAILURES = 5;
export const DISMISS_PIN_WINDOW_MS = 15 * 60_000;

/** A face a detector saw, as ingest stored it: whom it matched, where and when. */
export interface Sighting {
  runtime_face_uuid: string;
  frontend_face_uuid?: string | null | undefined;
  camera_uuid: string;
  captured_at: number;
  confidence: number;
}

/** An elopement alert's text, as the alert cards show it. */
const elopementDescription = (person: Pick<FaceRow, 'first_name' | 'last_name'>, camera: Pick<CameraRow, 'description'>) =>
  `${person.first_name} ${person.last_name} (elopement risk) seen at ${camera.description}`;

export interface AlertsDeps {
  db: Db;
  /** records dismissals and answers (absent in tests that do not look at the audit trail) */
  audit?: Pick<AuditService, 'record'>;
  elopement: ElopementAlertsRepository;
  faces: FacesPort;
  pins: PinChecks;
  /** the stored form of a PIN digest in a domain (PinsService.storedHash) */
  pinHash: (domainUuid: string, digest: string) => string;
  signer: MediaSigner;
  frames: FrameAvailability;
  notifier: Notifier;
  clock: Clock;
  /** the delivery queue: each step of an alert is queued for push, MQTT and webhooks in the step's transaction */
  delivery?: Pick<DeliveryService, 'announce'>;
  /** a face's crop as kept (never cut from the recording: a notification waits for no ffmpeg), null when there is none */
  keptCrop?: (runtimeFaceUuid: string) => Promise<Buffer | null>;
}

export class AlertsService {
  constructor(private readonly d: AlertsDeps) {}

  /**
   * Sightings ingest stores, in its transaction: a resident at elopement risk seen at an exit raises an elopement
   * alert (the contract's raisesElopementAlert), one per person and exit per the camera's repeat time, counting alerts
   * already stored. A resident whose risk is limited to times is at risk only when it holds at the face's capture time,
   * in the building's time zone and at its place (dawn, dusk). `people` and `cameras` are the building's, by uuid.
   * Returns the new alerts' ids.
   */
  async raiseElopement(
    trx: Trx,
    domain: string,
    /** the building's time zone and location, for residents at risk only at times */
    place: AlertPlace,
    sightings: readonly Sighting[],
    people: ReadonlyMap<string, FaceRow>,
    cameras: ReadonlyMap<string, CameraRow>,
    now: number,
  ): Promise<string[]> {
    const alerts: NewElopementAlert[] = [];
    const lastAlert = new Map<string, number>();
    for (const f of [...sightings].sort((a, b) => a.captured_at - b.captured_at)) {
      const person = f.frontend_face_uuid ? people.get(f.frontend_face_uuid) : undefined;
      const camera = cameras.get(f.camera_uuid);
      const repeatMs = cameraAlertRepeatMs(camera?.alerting);
      const candidate = {
        personAtRisk:
          person?.elopement_risk === 1 && elopementRiskHolds(storedRiskHours(person.elopement_risk_hours), f.captured_at, place),
        atExit: camera?.is_exit === 1,
        confidence: f.confidence,
        capturedAt: f.captured_at,
        repeatMs,
      };
      if (!person || !camera || !raisesElopementAlert({ ...candidate, previousAlertAt: null })) continue;
      const key = `${person.uuid}:${camera.uuid}`;
      const previous = lastAlert.get(key) ?? (await this.d.elopement.latestFor(trx, person.uuid, camera.uuid, f.captured_at - repeatMs));
      if (!raisesElopementAlert({ ...candidate, previousAlertAt: previous })) continue;
      lastAlert.set(key, f.captured_at);
      alerts.push({
        alert_id: randomUUID(),
        domain_uuid: domain,
        camera_uuid: camera.uuid,
        runtime_face_uuid: f.runtime_face_uuid,
        frontend_face_uuid: person.uuid,
        event_ts: f.captured_at,
        description: elopementDescription(person, camera),
        dismissed_at: null,
        dismissed_by: null,
        dismissed_via: null,
        dismissed_from: null,
        created_at: now,
      });
    }
    await this.d.elopement.insertMany(trx, alerts);
    const ids = alerts.map((a) => a.alert_id);
    await this.d.elopement.addSteps(
      trx,
      alerts.map((a) => ({
        id: randomUUID(),
        alert_id: a.alert_id,
        domain_uuid: domain,
        step: 'raised',
        at: now,
        tier: 0,
        user_id: null,
        device_label: null,
        detail: null,
      })),
    );
    await this.d.delivery?.announce(trx, domain, ids, 'raised', 0);
    return ids;
  }

  /**
   * What push, MQTT and webhooks say about an alert's step (the delivery queue asks when it sends): the person, the
   * exit, who acknowledged or dismissed it, and whether anything may be said at all (an erased person, or one the
   * building may no longer recognise for alerts, is not).
   */
  async facts(alertId: string, step: AlertFacts['step'], tier: number | null): Promise<AlertFacts | undefined> {
    const row = await this.d.elopement.get(alertId);
    if (!row) return undefined;
    const person = row.frontend_face_uuid ? await this.d.faces.person(row.frontend_face_uuid) : undefined;
    const consent = person ? await this.d.db.transaction().execute((trx) => this.d.faces.consentCheck(trx, row.domain_uuid)) : undefined;
    const sendable = person !== undefined && row.first_name !== null && consent !== undefined && consent(person, ['recognition', 'alerts']);
    const steps = await this.d.elopement.stepsOf([alertId]);
    const stepRow = [...steps].reverse().find((s) => s.step === step && (tier === null || s.tier === tier));
    const face = row.runtime_face_uuid;
    return {
      alertId,
      domain: row.domain_uuid,
      step,
      tier,
      tierName: null,
      person:
        row.frontend_face_uuid && row.first_name !== null
          ? { uuid: row.frontend_face_uuid, name: `${row.first_name} ${row.last_name ?? ''}`.trim() }
          : null,
      exit: { uuid: row.camera_uuid, name: row.camera_description ?? 'Removed camera' },
      seenAt: row.event_ts,
      stepAt: stepRow?.at ?? row.created_at,
      state: row.dismissed_at !== null ? 'dismissed' : row.acknowledged_at !== null ? 'acknowledged' : 'raised',
      acknowledgedBy: null,
      dismissedBy: row.dismisser_name ?? row.dismisser_email,
      sendable,
      crop: () => (face && this.d.keptCrop ? this.d.keptCrop(face) : Promise.resolve(null)),
    };
  }

  /** The elopement alerts raised on these face detections: their pages are told when the faces' pictures arrive. */
  alertsOnFaces(runtimeFaceUuids: readonly string[]): Promise<string[]> {
    return runtimeFaceUuids.length === 0 ? Promise.resolve([]) : this.d.elopement.idsOfFaces(runtimeFaceUuids);
  }

  /**
   * A building's elopement alerts between two moments, oldest first, with who dismissed them and how (the elopement
   * alerts report): no permission check, the caller checks its own.
   */
  async between(domain: string, from: number, to: number, limit: number) {
    const rows = await this.d.elopement.list({
      domain,
      since: from,
      before: to,
      includeDismissed: true,
      ascending: true,
      offset: 0,
      limit,
    });
    await this.d.frames.prepare(rows.map((r) => r.camera_uuid));
    return rows.map((r) => ({
      alertId: r.alert_id,
      at: r.event_ts,
      person: r.first_name === null ? r.description : `${r.first_name} ${r.last_name ?? ''}`.trim(),
      // whom the report row is about (an erasure takes it out by this id, never by the name)
      personUuid: r.frontend_face_uuid,
      camera: r.camera_description,
      // The face's picture, when there is one to show (sent with it, or in the recording).
      detection:
        r.runtime_face_uuid && this.d.frames.pictured('poster', r.runtime_face_uuid, r.camera_uuid, r.event_ts)
          ? r.runtime_face_uuid
          : null,
      dismissedAt: r.dismissed_at,
      dismissedBy: r.dismisser_name ?? r.dismisser_email,
      dismissedVia: r.dismissed_via,
    }));
  }

  /** GET /api/v1/faces/alerts (alerting/receive_er_alerts): 24 hours back by default, active ones unless asked. */
  async list(principal: Principal, q: FacesAlertsQuery): Promise<{ ok: true; alerts: ElopementAlert[] }> {
    requireEntitlement(principal, q.domainUUID, 'alerting', 'receive_er_alerts');
    const now = this.d.clock.now();
    const rows = await this.d.elopement.list({
      domain: q.domainUUID,
      since: q.since ? Date.parse(q.since) : now - ELOPEMENT.lookbackHours * 3_600_000,
      before: q.before ? Date.parse(q.before) : undefined,
      includeDismissed: q.include_dismissed,
      ascending: q.sort === 'ascending',
      offset: q.offset,
      limit: q.limit,
    });
    await this.d.frames.prepare(rows.map((r) => r.camera_uuid));
    return { ok: true, alerts: rows.map((r) => this.toAlert(r, now)) };
  }

  /**
   * Dismissal: with a PIN the dismisser is whoever holds that PIN in the building (wrong PINs are logged and
   * rate-limited); with 'me' it is the signed-in user, unless they hold pin_dismiss_alert, who must give a PIN.
   */
  async dismiss(principal: Principal, alertId: string, userPIN: string): Promise<{ ok: true; alert: ElopementAlert }> {
    const alert = await this.d.elopement.get(alertId);
    if (!alert || !principal.entitlements[alert.domain_uuid]) throw notFound('No such alert.');
    const domain = alert.domain_uuid;
    requireEntitlement(principal, domain, 'alerting', 'receive_er_alerts');
    if (alert.dismissed_at !== null) throw new HttpError(409, ALERTS_MESSAGES.alreadyDismissed);
    const now = this.d.clock.now();
    let dismisser = principal.user.id;
    if (userPIN === 'me') {
      if (hasOperation(principal.entitlements[domain], 'alerting', 'pin_dismiss_alert')) throw badRequest(ALERTS_MESSAGES.pinRequired);
    } else {
      const failures = await this.d.pins.countAttempts(principal.user.id, 'dismiss', now - DISMISS_PIN_WINDOW_MS, true);
      if (failures >= DISMISS_PIN_FAILURES) throw new HttpError(429, ALERTS_MESSAGES.tooManyPins);
      const owner = await this.d.pins.ownerOf(domain, this.d.pinHash(domain, userPIN));
      await this.d.pins.recordAttempt(principal.user.id, domain, 'dismiss', owner !== undefined, now);
      if (!owner) throw forbidden(ALERTS_MESSAGES.wrongPin);
      dismisser = owner;
    }
    const done = await this.d.elopement.dismiss(alertId, dismisser, userPIN === 'me' ? 'me' : 'pin', principal.user.id, now);
    if (!done) throw new HttpError(409, ALERTS_MESSAGES.alreadyDismissed);
    // How: with the caller's own right ('me') or a PIN, and whose dismissal it is (the PIN's owner may be another user).
    await this.d.audit?.record(actorOfPrincipal(principal), {
      action: 'dismissed_alert',
      domain,
      camera: alert.camera_uuid,
      subject: alertId,
      detail: { how: userPIN === 'me' ? 'me' : 'pin', dismissed_by: dismisser },
    });
    this.d.notifier.elopementAlerts(domain, [alertId]);
    const updated = await this.d.elopement.get(alertId);
    await this.d.frames.prepare([updated!.camera_uuid]);
    return { ok: true, alert: this.toAlert(updated!, now) };
  }

  /** Face match on an alert frame: confirmed (true), wrong person (false) or undone (null). */
  async confirmMatch(principal: Principal, body: FaceMatchConfirmBody): Promise<{ ok: true }> {
    const detections = [];
    for (const id of body.runtime_face_uuids) detections.push(await this.reviewable(principal, id));
    const domain = detections[0]!.domain_uuid;
    if (detections.some((d) => d.domain_uuid !== domain)) throw badRequest('The detections must all be in one building.');
    const person = await this.d.faces.person(body.frontend_face_uuid);
    if (!person || person.domain_uuid !== domain) throw notFound('No such person in this building.');
    const ids = detections.map((d) => d.runtime_face_uuid);
    await this.d.faces.reviewMatch(ids, person.uuid, body.is_correct, principal.user.id, this.d.clock.now());
    const answer = body.is_correct === null ? 'undone' : body.is_correct ? 'confirmed' : 'wrong person';
    for (const detection of detections)
      await this.d.audit?.record(actorOfPrincipal(principal), {
        action: 'answered_face_match',
        domain,
        camera: detection.camera_uuid,
        subject: detection.runtime_face_uuid,
        detail: { person: person.uuid, answer },
      });
    for (const id of ids) await this.announce(domain, id);
    return { ok: true };
  }

  /** 'Not a Face' (is_face false), or taking that back (is_face true). */
  async confirmFace(principal: Principal, body: FaceConfirmBody): Promise<{ ok: true }> {
    const detection = await this.reviewable(principal, body.runtime_face_uuid);
    await this.d.faces.reviewIsFace(detection.runtime_face_uuid, body.is_face, principal.user.id, this.d.clock.now());
    await this.d.audit?.record(actorOfPrincipal(principal), {
      action: 'reviewed_detection',
      domain: detection.domain_uuid,
      camera: detection.camera_uuid,
      subject: detection.runtime_face_uuid,
      detail: { answer: body.is_face === null ? 'undone' : body.is_face ? 'a face' : 'not a face' },
    });
    await this.announce(detection.domain_uuid, detection.runtime_face_uuid);
    return { ok: true };
  }

  private async reviewable(principal: Principal, runtimeFaceUuid: string) {
    const detection = await this.d.faces.detection(runtimeFaceUuid);
    if (!detection || !principal.entitlements[detection.domain_uuid]) throw notFound('No such face detection.');
    const services = principal.entitlements[detection.domain_uuid];
    if (!hasOperation(services, 'alerting', 'receive_er_alerts') && !hasOperation(services, 'faces', 'train_model')) {
      throw forbidden('You do not have alerting/receive_er_alerts or faces/train_model access in this domain.');
    }
    return detection;
  }

  private async announce(domain: string, runtimeFaceUuid: string): Promise<void> {
    const alert = await this.d.elopement.byRuntimeFace(runtimeFaceUuid);
    if (alert) this.d.notifier.elopementAlerts(domain, [alert.alert_id]);
  }

  private toAlert(row: ElopementAlertView, now: number): ElopementAlert {
    const poster = row.box ? 'poster' : 'face';
    // An erased person's alert names nobody and shows no face (not even one cut from the recording).
    const face = row.runtime_face_uuid;
    const named = row.frontend_face_uuid !== null && row.first_name !== null;
    const picture = (kind: 'poster' | 'face') =>
      face !== null && this.d.frames.pictured(kind, face, row.camera_uuid, row.event_ts)
        ? signedFrameUrl(this.d.signer, kind, face, now)
        : null;
    return {
      alert_id: row.alert_id,
      event_ts: Math.floor(row.event_ts / 1000),
      category: 'elopement_alert',
      runtime_face_uuid: face ?? ERASED_PERSON.uuid,
      frontend_face_uuid: row.frontend_face_uuid ?? ERASED_PERSON.uuid,
      person_name: named ? `${row.first_name} ${row.last_name}` : ERASED_PERSON.name,
      gender: named ? (row.gender as ElopementAlert['gender']) : null,
      description: row.description,
      camera_uuid: row.camera_uuid,
      cameraDescription: row.camera_description ?? 'Removed camera',
      posterFrame: picture(poster),
      fullFrame: picture('face'),
      dismissed_at: row.dismissed_at === null ? null : new Date(row.dismissed_at).toISOString(),
      dismissed_by_end_user_info:
        row.dismissed_by && row.dismisser_name !== null
          ? { uuid: row.dismissed_by, name: row.dismisser_name, email: row.dismisser_email ?? '' }
          : null,
      face_match: row.match_confirmed === null ? null : row.match_confirmed === 1,
      not_a_face: row.is_face === 0,
    };
  }
}
