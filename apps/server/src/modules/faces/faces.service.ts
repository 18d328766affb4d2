import { actorOfPrincipal, type AuditService } from '../audit/audit.service.js';
import {
  canReadFaces,
  hasOperation,
  mergeDetections,
  riskHoursText,
  storedRiskHours,
  visibleToCaller,
  ALERTS_MESSAGES,
  type Face,
  type FaceRole,
  type ParsedConsent,
  type ParsedFaceInfo,
} from '@vigil/contract';
import type { Principal } from '../../auth/principal.js';
import type { FaceRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { forbidden, notFound } from '../../lib/http-error.js';
import { framePath } from '../../media/frames.js';
import { type FrameAvailability } from '../../media/frame-availability.js';
import type { CameraDirectory } from '../video/cameras.port.js';
import type { ConsentService } from './consent.service.js';
import { FacesListCache } from './faces-list.cache.js';
import { presentHistoryEntry } from './faces.presenters.js';
import type { PeopleView } from './people-view.js';
import type { RegistryRepository } from './registry.repository.js';
import { riskHoursColumn, type ConsentToRecord, type RegistryWriter } from './registry-writer.js';

export interface FacesDeps {
  registry: RegistryRepository;
  writer: RegistryWriter;
  /** people as the API shows them (shared with the port, so both sign the same links) */
  view: PeopleView;
  /** who a building may recognise, and people's answers (issue 27) */
  consent: ConsentService;
  cameras: Pick<CameraDirectory, 'namesInDomain'>;
  frames: FrameAvailability;
  clock: Clock;
  /** records changes to people (absent in tests that do not look at the audit trail) */
  audit?: Pick<AuditService, 'record'>;
}

/** A person's stored hours while they are at risk (a person not at risk has none). */
const atRiskHours = (person: Pick<FaceRow, 'elopement_risk' | 'elopement_risk_hours'>) =>
  person.elopement_risk === 1 ? person.elopement_risk_hours : null;

/**
 * A change's audit entry names a resident's elopement-risk hours (in words, 'Always' when a limit went) when they
 * changed and the resident is at risk after it.
 */
function riskHoursDetail(info: ParsedFaceInfo, before: string | null): { elopement_risk_hours?: string } {
  if (info.role !== 'resident' || info.elopement_risk !== true) return {};
  const column = riskHoursColumn(info);
  const after = column === undefined ? before : column;
  return before === after ? {} : { elopement_risk_hours: riskHoursText(storedRiskHours(after)) };
}

/**
 * The faces registry (part 2): who may see whom, people with their photos and last seen, history, and changes (through
 * the RegistryWriter, after the caller's rights are checked).
 */
export class FacesService {
  private readonly view: PeopleView;
  private readonly list: FacesListCache;

  constructor(private readonly d: FacesDeps) {
    this.view = d.view;
    this.list = new FacesListCache({ ...d, view: this.view });
  }

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

  /** The list of a building, as JSON text (kept between calls: see FacesListCache). */
  async listJson(principal: Principal, domain: string): Promise<Buffer> {
    const { findAll } = this.reader(principal, domain);
    return this.list.json(domain, findAll);
  }

  async one(principal: Principal, uuid: string): Promise<{ ok: true; face: Face }> {
    const person = await this.visiblePerson(principal, uuid);
    const [face] = await this.view.present(person.domain_uuid, [person]);
    return { ok: true, face: face! };
  }

  async history(principal: Principal, uuid: string, limit: number, before: string | undefined) {
    const person = await this.visiblePerson(principal, uuid);
    const rows = await this.d.registry.history(person.uuid, before === undefined ? undefined : Date.parse(before), limit);
    const names = await this.d.cameras.namesInDomain(person.domain_uuid);
    await this.d.frames.prepare(rows.map((r) => r.camera_uuid));
    const now = this.d.clock.now();
    const sign = (scope: string) => this.view.sign(scope, now);
    const groups = mergeDetections(rows.map((r) => ({ ...r, cameraId: r.camera_uuid, timestamp: r.captured_at })));
    const history = groups.map(({ parent, children }) => {
      const pictured = (kind: 'poster' | 'face') =>
        this.d.frames.pictured(kind, parent.runtime_face_uuid, parent.camera_uuid, parent.captured_at);
      return presentHistoryEntry(parent, children.length, { names, poster: pictured('poster'), face: pictured('face'), sign });
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
  async add(principal: Principal, domain: string, info: ParsedFaceInfo, consent?: ParsedConsent) {
    const services = principal.entitlements[domain];
    if (!hasOperation(services, 'faces', 'add')) throw forbidden('You do not have faces/add access in this domain.');
    this.checkEmployeeVisibility(principal, domain, info.role);
    const answer = consent && (await this.consentToRecord(principal, domain, consent));
    const uuid = await this.d.writer.create(domain, info, answer);
    await this.d.audit?.record(actorOfPrincipal(principal), {
      action: 'changed_person',
      domain,
      subject: uuid,
      detail: { change: 'added', role: info.role, ...riskHoursDetail(info, null) },
    });
    if (answer) await this.auditConsent(principal, uuid, answer);
    return { ok: true as const, frontend_face_uuid: uuid };
  }

  /** PUT /api/v6/faces/{id} (faces/add): every field again; photos added, replaced (edit) or deleted. */
  async edit(principal: Principal, uuid: string, info: ParsedFaceInfo, consent?: ParsedConsent) {
    const person = await this.visiblePerson(principal, uuid, 'add');
    this.checkEmployeeVisibility(principal, person.domain_uuid, info.role);
    const answer = consent && (await this.consentToRecord(principal, person.domain_uuid, consent));
    const consented = await this.d.writer.update(uuid, info, answer);
    await this.d.audit?.record(actorOfPrincipal(principal), {
      action: 'changed_person',
      domain: person.domain_uuid,
      subject: uuid,
      detail: { change: 'edited', role: info.role, ...riskHoursDetail(info, atRiskHours(person)) },
    });
    if (answer && consented) await this.auditConsent(principal, uuid, answer);
    return { ok: true as const, frontend_face_uuid: uuid };
  }

  /** GET /api/v1/faces/{id}/consents: the person's answers, newest first (whoever may see the person). */
  async consents(principal: Principal, uuid: string) {
    const person = await this.visiblePerson(principal, uuid);
    return { ok: true as const, consents: await this.d.consent.history(person.uuid) };
  }

  private async consentToRecord(principal: Principal, domain: string, answer: ParsedConsent): Promise<ConsentToRecord> {
    return { answer, by: principal.user.email, domain, required: await this.d.consent.required(domain) };
  }

  /** One entry per answer recorded: what was answered, by whom and for what (no names, notes or face data). */
  private async auditConsent(principal: Principal, person: string, { answer, domain }: ConsentToRecord): Promise<void> {
    await this.d.audit?.record(actorOfPrincipal(principal), {
      action: 'changed_consent',
      domain,
      subject: person,
      detail: { state: answer.state, given_by: answer.given_by, purposes: answer.purposes.join(',') },
    });
  }

  /** DELETE /api/v6/faces/{id} (faces/delete). */
  async remove(principal: Principal, uuid: string) {
    const person = await this.visiblePerson(principal, uuid, 'delete');
    await this.d.writer.remove(person.uuid);
    await this.d.audit?.record(actorOfPrincipal(principal), {
      action: 'changed_person',
      domain: person.domain_uuid,
      subject: person.uuid,
      detail: { change: 'deleted' },
    });
    return { ok: true as const };
  }

  /** GET /api/v4/faceimage/{runtimeFaceUuid}: where the detection's face crop is (a signed link). */
  async faceImage(principal: Principal, runtimeFaceUuid: string): Promise<string> {
    const detection = await this.d.registry.detection(runtimeFaceUuid);
    if (!detection || !canReadFaces(principal.entitlements[detection.domain_uuid])) throw notFound('No such face detection.');
    await this.d.frames.prepare([detection.camera_uuid]);
    if (!this.d.frames.pictured('poster', runtimeFaceUuid, detection.camera_uuid, detection.captured_at))
      throw notFound('There is no recording of this moment (yet).');
    return this.view.sign(framePath('poster', runtimeFaceUuid), this.d.clock.now());
  }

  /** Someone who cannot see employees cannot make one either (they could not see or undo what they made). */
  private checkEmployeeVisibility(principal: Principal, domain: string, role: FaceRole): void {
    if (!visibleToCaller(role, hasOperation(principal.entitlements[domain], 'faces', 'find_all')))
      throw forbidden('Adding or changing people other than residents needs faces/find_all.');
  }
}
