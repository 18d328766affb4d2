import { confirmsName, type ErasureCounts, type ErasurePreviewReply, type ErasureReceipt } from '@vigil/contract';
import type { Principal } from '../../auth/principal.js';
import type { Db, Executor } from '../../db/database.js';
import type { SqlDialect } from '../../db/dialect.js';
import type { FaceRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { PersonAlertsService } from '../alerts/person-alerts.service.js';
import { cliActor, type AuditActor, type AuditService } from '../audit/audit.service.js';
import type { PersonBadgesService } from '../badges/person-badges.service.js';
import type { ReportPeople } from '../reports/report-people.js';
import type { PersonModelsService } from '../training/person-models.service.js';
import { personFor } from './person-access.js';
import type { PersonDataRepository } from './person-data.repository.js';
import { personDetections } from './person-detections.js';

export interface ErasureDeps {
  db: Db;
  /** serialises the erasure with the building's ingest batches (PostgreSQL's advisory lock) */
  dialect: Pick<SqlDialect, 'lockDomain'>;
  data: PersonDataRepository;
  alerts: Pick<PersonAlertsService, 'ofPerson' | 'erase'>;
  models: Pick<PersonModelsService, 'countKnowing' | 'erase' | 'forgetFaces' | 'checkNoTraining'>;
  /** their badge identities (taps, verified matches) and the door faces verified for them */
  badges: Pick<PersonBadgesService, 'identitiesOf' | 'verifiedFaces' | 'erase'>;
  /** the stored report rows about them or their badges, by id */
  reports: Pick<ReportPeople, 'count' | 'remove'>;
  /** detections' pictures in the media folder (crops, frames and what is made from them) */
  pictures: { count(detections: readonly string[]): number; remove(detections: readonly string[]): number };
  /** registry photos' files: the person's folder */
  photos: { removePerson(person: string): void };
  audit: Pick<AuditService, 'record'>;
  clock: Clock;
}

/** What an erasure takes away, found before anything is deleted. */
interface Plan {
  person: FaceRow;
  photos: string[];
  own: string[];
  naming: string[];
  /** their badge identities */
  badges: string[];
  counts: ErasureCounts;
}

/**
 * "Erase this person" (issue 27): everything Vigil holds of a person, gone in one transaction: the registry row,
 * photos and their embeddings, consent answers, the detections that are their face (with their reviews, candidates,
 * embeddings, the match finder's codes, crops and frames), their name on other people's detections, their place in
 * every trained model of the building (training takes them out), the face on their alerts (alerts keep the fact), their
 * badge identities with their taps, the door faces verified for those badges, and the stored report rows about them or
 * their badges (by id).
 * Files go after the commit. The analyzers drop them at their next gallery poll (the gallery's version changes).
 * What remains is the receipt in the audit log: counts, by whom, when; no name, no biometric data.
 */
export class ErasureService {
  constructor(private readonly d: ErasureDeps) {}

  /** GET /api/v1/faces/{id}/erasure (faces/delete): what erasing them would take away. */
  async preview(principal: Principal, uuid: string): Promise<ErasurePreviewReply> {
    const person = personFor(principal, await this.d.data.person(this.d.db, uuid), 'delete');
    const plan = await this.plan(this.d.db, person);
    return { ok: true, frontend_face_uuid: uuid, person_name: fullName(person), counts: plan.counts };
  }

  /** POST /api/v1/faces/{id}/erase (faces/delete): the full name typed again confirms it; the receipt. */
  async erase(principal: Principal, uuid: string, confirm: string, actor: AuditActor): Promise<ErasureReceipt> {
    const person = personFor(principal, await this.d.data.person(this.d.db, uuid), 'delete');
    if (!confirmsName(confirm, fullName(person)))
      throw new HttpError(409, 'The name typed is not this person’s full name as shown: nothing was erased.');
    return this.run(person.uuid, actor);
  }

  /** The administration CLI's preview: no rights to check, the operator answers for it. */
  async previewAsOperator(uuid: string): Promise<{ person: FaceRow; counts: ErasureCounts }> {
    const person = await this.d.data.person(this.d.db, uuid);
    if (!person) throw notFound('No such person.');
    return { person, counts: (await this.plan(this.d.db, person)).counts };
  }

  /** The administration CLI's erasure, in the name of the operator given on its command line, from the shell account `from`. */
  eraseAsOperator(uuid: string, operator: string, from: string): Promise<ErasureReceipt> {
    return this.run(uuid, cliActor(operator, from));
  }

  private async run(uuid: string, actor: AuditActor): Promise<ErasureReceipt> {
    const done = await this.d.db.transaction().execute(async (trx) => {
      const person = await this.d.data.person(trx, uuid);
      if (!person) throw notFound('No such person.');
      await this.d.dialect.lockDomain(trx, person.domain_uuid);
      await this.d.models.checkNoTraining(trx, person.domain_uuid);
      const plan = await this.plan(trx, person);
      const codes = await this.d.data.codes(trx, plan.own);
      // Alerts first: they are found by the detections about to go.
      await this.d.alerts.erase(trx, uuid, plan.own);
      await this.d.models.erase(trx, person.domain_uuid, uuid, plan.own);
      await this.d.reports.remove(trx, person.domain_uuid, [uuid, ...plan.badges]);
      await this.d.badges.erase(trx, plan.badges);
      await this.d.data.deleteDetections(trx, plan.own);
      await this.d.data.unname(trx, uuid, plan.naming);
      await this.d.data.deletePerson(trx, uuid, plan.photos);
      return { plan, codes };
    });
    const { plan, codes } = done;
    // After the commit (a rolled-back erasure keeps its files); what was actually there is what the receipt counts.
    this.d.photos.removePerson(uuid);
    const counts = { ...plan.counts, pictures: this.d.pictures.remove(plan.own) };
    await this.d.models.forgetFaces(plan.person.domain_uuid, codes);
    const at = this.d.clock.now();
    await this.d.audit.record(actor, { action: 'erased_person', domain: plan.person.domain_uuid, subject: uuid, detail: { ...counts } });
    return { frontend_face_uuid: uuid, erased_at: new Date(at).toISOString(), erased_by: actor.email, counts };
  }

  private async plan(db: Executor, person: FaceRow): Promise<Plan> {
    const photos = (await this.d.data.photos(db, person.uuid)).map((p) => p.uuid);
    const badges = await this.d.badges.identitiesOf(db, person.uuid);
    const detections = await personDetections(db, this.d, person.uuid, badges);
    const own = detections.map((d) => d.runtime_face_uuid);
    const naming = await this.d.data.namingDetections(db, person.uuid, new Set(own));
    const counts: ErasureCounts = {
      photos: photos.length,
      photo_embeddings: await this.d.data.photoEmbeddings(db, photos),
      detections_matched: detections.filter((d) => d.match_confirmed !== 1).length,
      detections_confirmed: detections.filter((d) => d.match_confirmed === 1).length,
      detection_embeddings: await this.d.data.embeddings(db, own),
      pictures: this.d.pictures.count(own),
      reviews: await this.d.data.reviews(db, person.uuid, own),
      other_detections: naming.length,
      consent_records: (await this.d.data.consents(db, person.uuid)).length,
      models: await this.d.models.countKnowing(db, person.domain_uuid, person.uuid),
      alerts: (await this.d.alerts.ofPerson(person.uuid, own, db)).length,
      badge_identities: badges.length,
      report_rows: await this.d.reports.count(db, person.domain_uuid, [person.uuid, ...badges]),
    };
    return { person, photos, own, naming, badges, counts };
  }
}

const fullName = (person: Pick<FaceRow, 'first_name' | 'last_name'>) => `${person.first_name} ${person.last_name}`;
