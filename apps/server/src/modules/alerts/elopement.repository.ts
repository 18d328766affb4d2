import type { Db, Trx } from '../../db/database.js';
import type { ElopementAlertRow } from '../../db/schema.js';

/** An elopement alert with what the list shows beside it: the person, the camera, the frame review and the dismisser. */
export interface ElopementAlertView extends ElopementAlertRow {
  first_name: string;
  last_name: string;
  gender: string | null;
  camera_description: string | null;
  box: string | null;
  is_face: number | null;
  match_confirmed: number | null;
  dismisser_name: string | null;
  dismisser_email: string | null;
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

  private view(db: Db | Trx = this.db) {
    return db
      .selectFrom('elopement_alerts as a')
      .innerJoin('faces as f', 'f.uuid', 'a.frontend_face_uuid')
      .innerJoin('face_detections as d', 'd.runtime_face_uuid', 'a.runtime_face_uuid')
      .leftJoin('cameras as c', 'c.uuid', 'a.camera_uuid')
      .leftJoin('users as u', 'u.id', 'a.dismissed_by')
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
      ]);
  }

  list(q: ElopementListQuery): Promise<ElopementAlertView[]> {
    let query = this.view().where('a.domain_uuid', '=', q.domain).where('a.event_ts', '>=', q.since);
    if (q.before !== undefined) query = query.where('a.event_ts', '<', q.before);
    if (!q.includeDismissed) query = query.where('a.dismissed_at', 'is', null);
    const direction = q.ascending ? 'asc' : 'desc';
    return query.orderBy('a.event_ts', direction).orderBy('a.alert_id', direction).offset(q.offset).limit(q.limit).execute();
  }

  get(alertId: string): Promise<ElopementAlertView | undefined> {
    return this.view().where('a.alert_id', '=', alertId).executeTakeFirst();
  }

  byRuntimeFace(runtimeFaceUuid: string): Promise<ElopementAlertRow | undefined> {
    return this.db.selectFrom('elopement_alerts').selectAll().where('runtime_face_uuid', '=', runtimeFaceUuid).executeTakeFirst();
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

  async insertMany(trx: Trx, rows: ElopementAlertRow[]): Promise<void> {
    if (rows.length > 0) await trx.insertInto('elopement_alerts').values(rows).execute();
  }

  /** Records a dismissal unless one exists: a dismissal is never overwritten. False when it was already dismissed. */
  async dismiss(alertId: string, by: string, via: 'pin' | 'me', from: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('elopement_alerts')
      .set({ dismissed_at: at, dismissed_by: by, dismissed_via: via, dismissed_from: from })
      .where('alert_id', '=', alertId)
      .where('dismissed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
