import { actorOfPrincipal, type AuditService } from '../audit/audit.service.js';
import { randomUUID } from 'node:crypto';
import {
  ACKNOWLEDGE_MESSAGES,
  ALERTS_MESSAGES,
  ELOPEMENT,
  cameraAlertRepeatMs,
  elopementRiskHolds,
  hasOperation,
  raisesElopementAlert,
  storedRiskHours,
  alertState,
  type AlertPlace,
  type AlertState,
  type AlertStepView,
  type ElopementAlert,
  type EscalationSettings,
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
import { presentAlert, presentStep, tierNameOf } from './alerts.presenters.js';
import type { EscalationService } from './escalation.service.js';
import type { Db, Trx } from '../../db/database.js';
import type { DeliveryService } from '../delivery/delivery.service.js';
import type { AlertFacts } from '../delivery/delivery.port.js';

type FacesAlertsQuery = z.output<typeof facesAlertsQuerySchema>;

/** Wrong dismissal PINs allowed per user in the window before further tries are refused (429). */
export const DISMISS_PIN_FAILURES = 5;
export const DISMISS_PIN_WINDOW_MS = 15 * 60_000;

/** The system as the audit trail names it (no user, no address): alerts it raises. */
const SYSTEM_ACTOR = { userId: null, email: null, address: null };

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
  /** the building's escalation: when a raised alert escalates first, and the tiers' names (absent: it never does) */
  escalation?: Pick<EscalationService, 'firstEscalationAt' | 'settingsOf'>;
}

/** Who acknowledges: a signed-in user (their principal: the right is checked) or a notification's user (the caller checked). */
export interface Acknowledger {
  userId: string;
  principal?: Principal;
}

/** Where an acknowledgement comes from: an open page ('app') or a notification's action ('push', from that device). */
export interface AcknowledgedFrom {
  via: 'app' | 'push';
  deviceId?: string | null;
  deviceLabel?: string | null;
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
    const settings = alerts.length > 0 ? await this.d.escalation?.settingsOf(trx, domain) : undefined;
    const firstAt = alerts.length > 0 ? await this.d.escalation?.firstEscalationAt(trx, domain, now) : undefined;
    for (const a of alerts) a.next_escalation_at = firstAt ?? null;
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
        detail: settings ? JSON.stringify({ tier_name: settings.tiers[0]?.name ?? null }) : null,
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
    const settings = tier === null ? undefined : await this.d.escalation?.settingsOf(this.d.db, row.domain_uuid);
    const tierName = tier === null ? null : ((stepRow && tierNameOf(stepRow.detail)) ?? settings?.tiers[tier]?.name ?? null);
    return {
      alertId,
      domain: row.domain_uuid,
      step,
      tier,
      tierName,
      person:
        row.frontend_face_uuid && row.first_name !== null
          ? { uuid: row.frontend_face_uuid, name: `${row.first_name} ${row.last_name ?? ''}`.trim() }
          : null,
      exit: { uuid: row.camera_uuid, name: row.camera_description ?? 'Removed camera' },
      seenAt: row.event_ts,
      stepAt: stepRow?.at ?? row.created_at,
      state: row.dismissed_at !== null ? 'dismissed' : row.acknowledged_at !== null ? 'acknowledged' : 'raised',
      acknowledgedBy: row.acknowledger_name ?? row.acknowledger_email,
      dismissedBy: row.dismisser_name ?? row.dismisser_email,
      sendable,
      crop: () => (face && this.d.keptCrop ? this.d.keptCrop(face) : Promise.resolve(null)),
    };
  }

  /** Each newly raised alert in the audit trail (its first step), by the system: camera, alert, person by id only. */
  async recordRaised(domain: string, alertIds: readonly string[]): Promise<void> {
    if (alertIds.length === 0 || !this.d.audit) return;
    for (const id of alertIds) {
      const alert = await this.d.elopement.get(id);
      if (!alert) continue;
      await this.d.audit.record(SYSTEM_ACTOR, {
        action: 'raised_alert',
        domain,
        camera: alert.camera_uuid,
        subject: id,
        detail: { person: alert.frontend_face_uuid, tier: 0 },
      });
    }
  }

  /** The elopement alerts raised on these face detections: their pages are told when the faces' pictures arrive. */
  alertsOnFaces(runtimeFaceUuids: readonly string[]): Promise<string[]> {
    return runtimeFaceUuids.length === 0 ? Promise.resolve([]) : this.d.elopement.idsOfFaces(runtimeFaceUuids);
  }

  /**
   * A building's elopement alerts between two moments, oldest first, with who acknowledged them, who dismissed them and
   * how (the elopement alerts report): no permission check, the caller checks its own.
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
      raisedAt: r.created_at,
      acknowledgedAt: r.acknowledged_at,
      acknowledgedBy: r.acknowledger_name ?? r.acknowledger_email,
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
    const steps = await this.stepsFor(q.domainUUID, rows);
    return { ok: true, alerts: rows.map((r) => this.toAlert(r, now, steps.get(r.alert_id) ?? [])) };
  }

  /**
   * "I'm on it": records the acknowledgement once (of two at once, the second gets acknowledged false and changes
   * nothing), ends the alert's escalation, adds its step, audits it and queues its delivery in one transaction, then
   * tells open pages. With a principal it needs alerting/receive_er_alerts in the alert's building (404 in a building
   * the user has nothing in); without one the caller checked (the push route: the subscription's user still holds it).
   */
  async acknowledge(actor: Acknowledger, alertId: string, from: AcknowledgedFrom): Promise<{ state: AlertState; acknowledged: boolean }> {
    const alert = await this.d.elopement.get(alertId);
    if (actor.principal && (!alert || !actor.principal.entitlements[alert.domain_uuid])) throw notFound('No such alert.');
    if (!alert) throw notFound('No such alert.');
    const domain = alert.domain_uuid;
    if (actor.principal) requireEntitlement(actor.principal, domain, 'alerting', 'receive_er_alerts');
    const now = this.d.clock.now();
    const device = from.deviceId ?? null;
    const deviceLabel = from.deviceLabel ?? null;
    const acknowledged = await this.d.db.transaction().execute(async (trx) => {
      const done = await this.d.elopement.acknowledge(trx, alertId, { by: actor.userId, at: now, via: from.via, device, deviceLabel });
      if (!done) return false;
      await this.d.elopement.addSteps(trx, [
        {
          id: randomUUID(),
          alert_id: alertId,
          domain_uuid: domain,
          step: 'acknowledged',
          at: now,
          tier: null,
          user_id: actor.userId,
          device_label: deviceLabel,
          detail: JSON.stringify({ via: from.via }),
        },
      ]);
      await this.d.delivery?.announce(trx, domain, [alertId], 'acknowledged', null);
      return true;
    });
    const after = await this.d.elopement.get(alertId);
    if (!acknowledged) return { state: after ? alertState(after) : 'dismissed', acknowledged: false };
    // From a page: the request's address; from a notification: the device it was acknowledged on.
    const address = from.via === 'push' ? `push: ${deviceLabel ?? device ?? 'a device'}`.slice(0, 64) : null;
    await this.d.audit?.record(
      actor.principal ? actorOfPrincipal(actor.principal) : { userId: actor.userId, email: after?.acknowledger_email ?? null, address },
      {
        action: 'acknowledged_alert',
        domain,
        camera: alert.camera_uuid,
        subject: alertId,
        detail: { via: from.via, device: deviceLabel, tier: alert.escalation_tier },
      },
    );
    this.d.notifier.elopementAlerts(domain, [alertId]);
    return { state: 'acknowledged', acknowledged: true };
  }

  /** POST /api/v1/faces/alerts/{id}/acknowledge: "I'm on it" from an open page; 409 when it already was, or was dismissed. */
  async acknowledgeFromPage(principal: Principal, alertId: string): Promise<{ ok: true; alert: ElopementAlert }> {
    const { state, acknowledged } = await this.acknowledge({ userId: principal.user.id, principal }, alertId, { via: 'app' });
    if (!acknowledged)
      throw new HttpError(409, state === 'dismissed' ? ACKNOWLEDGE_MESSAGES.dismissed : ACKNOWLEDGE_MESSAGES.alreadyAcknowledged);
    return { ok: true, alert: await this.present(alertId) };
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
    const how = userPIN === 'me' ? 'me' : 'pin';
    const done = await this.d.db.transaction().execute(async (trx) => {
      if (!(await this.d.elopement.dismiss(alertId, dismisser, how, principal.user.id, now, trx))) return false;
      await this.d.elopement.addSteps(trx, [
        {
          id: randomUUID(),
          alert_id: alertId,
          domain_uuid: domain,
          step: 'dismissed',
          at: now,
          tier: null,
          user_id: dismisser,
          device_label: null,
          detail: JSON.stringify({ how }),
        },
      ]);
      await this.d.delivery?.announce(trx, domain, [alertId], 'dismissed', null);
      return true;
    });
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
    return { ok: true, alert: await this.present(alertId) };
  }

  /** One alert as its card shows it, with its steps. */
  private async present(alertId: string): Promise<ElopementAlert> {
    const row = await this.d.elopement.get(alertId);
    if (!row) throw notFound('No such alert.');
    await this.d.frames.prepare([row.camera_uuid]);
    const steps = await this.stepsFor(row.domain_uuid, [row]);
    return this.toAlert(row, this.d.clock.now(), steps.get(alertId) ?? []);
  }

  /** The steps of a building's alerts as their cards show them, by alert (one query for the whole list). */
  private async stepsFor(domain: string, rows: readonly ElopementAlertView[]): Promise<Map<string, AlertStepView[]>> {
    const byAlert = new Map<string, AlertStepView[]>();
    if (rows.length === 0) return byAlert;
    const settings: EscalationSettings | undefined = await this.d.escalation?.settingsOf(this.d.db, domain);
    for (const s of await this.d.elopement.stepViewsOf(rows.map((r) => r.alert_id))) {
      const list = byAlert.get(s.alert_id) ?? [];
      list.push(presentStep(s, settings));
      byAlert.set(s.alert_id, list);
    }
    return byAlert;
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

  private toAlert(row: ElopementAlertView, now: number, steps: AlertStepView[]): ElopementAlert {
    const face = row.runtime_face_uuid;
    return presentAlert(row, steps, (kind) =>
      face !== null && this.d.frames.pictured(kind, face, row.camera_uuid, row.event_ts)
        ? signedFrameUrl(this.d.signer, kind, face, now)
        : null,
    );
  }
}
