import { chunked, eachChunk } from '../../db/chunked.js';
import type { Db, Executor, Trx } from '../../db/database.js';
import type { Database, ElopementAlertRow, ElopementAlertStepRow, NewElopementAlert } from '../../db/schema.js';
import type { ExpressionBuilder } from 'kysely';

/**
 * An elopement alert with what the list shows beside it: the person, the camera, the frame review and the dismisser.
 * An erased person's alert has no person and no detection (their fields are null).
 */
export interface ElopementAlertView extends ElopementAlertRow {
  first_name: string | null;
  last_name: string | null;
  gender: string | null;
  camera_description: string | null;
  box: string | null;
  is_face: number | null;
  match_confirmed: number | null;
  dismisser_name: string | null;
  dismisser_email: string | null;
  acknowledger_name: string | null;
  acknowledger_email: string | null;
}

/** A step with who did it (acknowledged, dismissed), as the alert card shows it. */
export interface ElopementAlertStepView extends ElopementAlertStepRow {
  user_name: string | null;
  user_email: string | null;
}

/** An alert whose next escalation is due: which tier it told last, and the moment it was due. */
export interface DueEscalation {
  alert_id: string;
  domain_uuid: string;
  camera_uuid: string;
  escalation_tier: number;
  next_escalation_at: number;
}

/** An acknowledgement as stored: who, when, how ('app' or 'push') and from which device. */
export interface Acknowledgement {
  by: string;
  at: number;
  via: 'app' | 'push';
  device: string | null;
  deviceLabel: string | null;
}

export interface ElopementListQuery {
  domain: string;
  since: number;
  before?: number | undefined;
  includeDismissed: boolean;
  ascending: boolean;
  offset: number;
  limit: number;
}

export class ElopementAlertsRepository {
  constructor(private readonly db: Db) {}

  private view(db: Executor = this.db) {
    return db
      .selectFrom('elopement_alerts as a')
      .leftJoin('faces as f', 'f.uuid', 'a.frontend_face_uuid')
      .leftJoin('face_detections as d', 'd.runtime_face_uuid', 'a.runtime_face_uuid')
      .leftJoin('cameras as c', 'c.uuid', 'a.camera_uuid')
      .leftJoin('users as u', 'u.id', 'a.dismissed_by')
      .leftJoin('users as k', 'k.id', 'a.acknowledged_by')
      .selectAll('a')
      .select([
        'f.first_name',
        'f.last_name',
        'f.gender',
        'c.description as camera_description',
        'd.box',
        'd.is_face',
        'd.match_confirmed',
        'u.display_name as dismisser_name',
        'u.email as dismisser_email',
        'k.display_name as acknowledger_name',
        'k.email as acknowledger_email',
      ]);
  }

  list(q: ElopementListQuery): Promise<ElopementAlertView[]> {
    let query = this.view().where('a.domain_uuid', '=', q.domain).where('a.event_ts', '>=', q.since);
    if (q.before !== undefined) query = query.where('a.event_ts', '<', q.before);
    if (!q.includeDismissed) query = query.where('a.dismissed_at', 'is', null);
    const direction = q.ascending ? 'asc' : 'desc';
    return query.orderBy('a.event_ts', direction).orderBy('a.alert_id', direction).offset(q.offset).limit(q.limit).execute();
  }

  get(alertId: string, db: Executor = this.db): Promise<ElopementAlertView | undefined> {
    return this.view(db).where('a.alert_id', '=', alertId).executeTakeFirst();
  }

  byRuntimeFace(runtimeFaceUuid: string): Promise<ElopementAlertRow | undefined> {
    return this.db.selectFrom('elopement_alerts').selectAll().where('runtime_face_uuid', '=', runtimeFaceUuid).executeTakeFirst();
  }

  /** The alerts raised on these face detections (their ids). */
  async idsOfFaces(runtimeFaceUuids: readonly string[]): Promise<string[]> {
    const rows = await chunked(runtimeFaceUuids, (slice) =>
      this.db.selectFrom('elopement_alerts').select('alert_id').where('runtime_face_uuid', 'in', slice).execute(),
    );
    return rows.map((r) => r.alert_id);
  }

  /** The newest alert for a person at a camera since a time (the repeat window). */
  async latestFor(trx: Trx, person: string, camera: string, since: number): Promise<number | null> {
    const row = await trx
      .selectFrom('elopement_alerts')
      .select('event_ts')
      .where('frontend_face_uuid', '=', person)
      .where('camera_uuid', '=', camera)
      .where('event_ts', '>=', since)
      .orderBy('event_ts', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.event_ts ?? null;
  }

  async insertMany(trx: Trx, rows: NewElopementAlert[]): Promise<void> {
    if (rows.length > 0) await trx.insertInto('elopement_alerts').values(rows).execute();
  }

  /** Records steps of alerts (raised, escalated, acknowledged, dismissed): the alert card's timeline. */
  async addSteps(db: Executor, rows: readonly ElopementAlertStepRow[]): Promise<void> {
    if (rows.length > 0)
      await db
        .insertInto('elopement_alert_steps')
        .values([...rows])
        .execute();
  }

  /** The steps of these alerts, oldest first. */
  async stepsOf(alertIds: readonly string[]): Promise<ElopementAlertStepRow[]> {
    const rows = await chunked(alertIds, (slice) =>
      this.db.selectFrom('elopement_alert_steps').selectAll().where('alert_id', 'in', slice).execute(),
    );
    return rows.sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
  }

  /** The steps of these alerts with who did them, oldest first (one query per list of alerts, not one per alert). */
  async stepViewsOf(alertIds: readonly string[]): Promise<ElopementAlertStepView[]> {
    const rows = await chunked(alertIds, (slice) =>
      this.db
        .selectFrom('elopement_alert_steps as s')
        .leftJoin('users as u', 'u.id', 's.user_id')
        .selectAll('s')
        .select(['u.display_name as user_name', 'u.email as user_email'])
        .where('s.alert_id', 'in', slice)
        .execute(),
    );
    return rows.sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
  }

  /** Whether the alert has had such a step (an escalation, for a single tier's one re-alert). */
  async hasStep(db: Executor, alertId: string, step: string): Promise<boolean> {
    const row = await db
      .selectFrom('elopement_alert_steps')
      .select('id')
      .where('alert_id', '=', alertId)
      .where('step', '=', step)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Records an acknowledgement unless the alert has one or is dismissed, and ends its escalation: of two at once one
   * is recorded (a conditional update). False when nothing changed.
   */
  async acknowledge(db: Executor, alertId: string, ack: Acknowledgement): Promise<boolean> {
    const result = await db
      .updateTable('elopement_alerts')
      .set({
        acknowledged_at: ack.at,
        acknowledged_by: ack.by,
        acknowledged_via: ack.via,
        acknowledged_device: ack.device,
        acknowledged_device_label: ack.deviceLabel,
        next_escalation_at: null,
      })
      .where('alert_id', '=', alertId)
      .where('acknowledged_at', 'is', null)
      .where('dismissed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Open alerts whose next escalation is due at `now`, soonest first. */
  dueEscalations(now: number, limit: number): Promise<DueEscalation[]> {
    return this.db
      .selectFrom('elopement_alerts')
      .select(['alert_id', 'domain_uuid', 'camera_uuid', 'escalation_tier'])
      .select((eb) => eb.ref('next_escalation_at').$notNull().as('next_escalation_at'))
      .where('next_escalation_at', 'is not', null)
      .where('next_escalation_at', '<=', now)
      .orderBy('next_escalation_at')
      .limit(limit)
      .execute();
  }

  /** The soonest escalation still to come (the escalation job sleeps until then), null when none is. */
  async nextEscalationAt(): Promise<number | null> {
    const row = await this.db
      .selectFrom('elopement_alerts')
      .select((eb) => eb.fn.min<number | string | null>('next_escalation_at').as('next'))
      .where('next_escalation_at', 'is not', null)
      .executeTakeFirst();
    return row?.next === null || row?.next === undefined ? null : Number(row.next);
  }

  /**
   * Claims an alert's due escalation: moves it to `tier` (told) and its next escalation to `nextAt`, only while it is
   * still open and still due at `dueAt` (so of several servers one claims it). False when another did, or it was
   * acknowledged or dismissed meanwhile.
   */
  async claimEscalation(trx: Trx, alertId: string, dueAt: number, tier: number, nextAt: number | null): Promise<boolean> {
    const result = await trx
      .updateTable('elopement_alerts')
      .set({ escalation_tier: tier, next_escalation_at: nextAt })
      .where('alert_id', '=', alertId)
      .where('next_escalation_at', '=', dueAt)
      .where('acknowledged_at', 'is', null)
      .where('dismissed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** A person's alerts, or those raised on any of `detections`, oldest first (the erasure's count and the export). */
  async ofPerson(db: Executor, person: string, detections: readonly string[]): Promise<ElopementAlertRow[]> {
    const mine = await db.selectFrom('elopement_alerts').selectAll().where('frontend_face_uuid', '=', person).execute();
    const onTheirFaces = await chunked(detections, (slice) =>
      db.selectFrom('elopement_alerts').selectAll().where('runtime_face_uuid', 'in', slice).execute(),
    );
    const byId = new Map([...mine, ...onTheirFaces].map((a) => [a.alert_id, a]));
    return [...byId.values()].sort((a, b) => a.event_ts - b.event_ts || a.alert_id.localeCompare(b.alert_id));
  }

  /** The alerts lose their person, detection and text (which named them); time, camera and dismissal stay. */
  async anonymise(trx: Trx, alertIds: readonly string[], description: string): Promise<void> {
    await eachChunk(alertIds, (slice) =>
      trx
        .updateTable('elopement_alerts')
        .set({ frontend_face_uuid: null, runtime_face_uuid: null, description })
        .where('alert_id', 'in', slice)
        .execute(),
    );
  }

  /**
   * Records a dismissal unless one exists (a dismissal is never overwritten) and ends the alert's escalation. False when
   * it was already dismissed.
   */
  async dismiss(alertId: string, by: string, via: 'pin' | 'me', from: string, at: number, db: Executor = this.db): Promise<boolean> {
    const result = await db
      .updateTable('elopement_alerts')
      .set({ dismissed_at: at, dismissed_by: by, dismissed_via: via, dismissed_from: from, next_escalation_at: null })
      .where('alert_id', '=', alertId)
      .where('dismissed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Retention: deletes up to `limit` of a building's dismissed alerts whose moment and dismissal are both before
   * `before` (contract alertPastPeriod); an open alert is never deleted. How many went.
   */
  async deletePastPeriod(domain: string, before: number, limit: number): Promise<number> {
    const past = (eb: ExpressionBuilder<Database, 'elopement_alerts'>) =>
      eb.and([
        eb('domain_uuid', '=', domain),
        eb('event_ts', '<', before),
        eb('dismissed_at', 'is not', null),
        eb('dismissed_at', '<', before),
      ]);
    // Picked, then deleted by key (a dismissal is never undone, so what was past its period still is).
    const picked = await this.db.selectFrom('elopement_alerts').select('alert_id').where(past).orderBy('event_ts').limit(limit).execute();
    if (picked.length === 0) return 0;
    const rows = await this.db
      .deleteFrom('elopement_alerts')
      .where(
        'alert_id',
        'in',
        picked.map((r) => r.alert_id),
      )
      .returning('alert_id')
      .execute();
    return rows.length;
  }

  /** Retention: where and when a building's open alerts before `before` happened (their recordings are kept). */
  openBefore(domain: string, before: number): Promise<{ camera_uuid: string; event_ts: number }[]> {
    return this.db
      .selectFrom('elopement_alerts')
      .select(['camera_uuid', 'event_ts'])
      .where('domain_uuid', '=', domain)
      .where('event_ts', '<', before)
      .where('dismissed_at', 'is', null)
      .execute();
  }

  /** How many alerts a building holds, open ones included, and the oldest one's moment. */
  async held(domain: string): Promise<{ count: number; oldest: number | null }> {
    const row = await this.db
      .selectFrom('elopement_alerts')
      .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min<number | null>('event_ts').as('oldest')])
      .where('domain_uuid', '=', domain)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), oldest: row.oldest === null ? null : Number(row.oldest) };
  }
}
