import type { Db, Executor, Trx } from '../../db/database.js';
import type { CameraRow, NewCamera } from '../../db/schema.js';

export class CamerasRepository {
  constructor(private readonly db: Db) {}

  /** A camera, deleted ones included (their recordings, events and alerts are history); see `removed_at`. */
  findOne(uuid: string): Promise<CameraRow | undefined> {
    return this.db.selectFrom('cameras').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  }

  /** Every camera in service (to record). */
  all(): Promise<CameraRow[]> {
    return this.db.selectFrom('cameras').selectAll().where('removed_at', 'is', null).execute();
  }

  /** A building's cameras in service. */
  inDomain(domainUuid: string): Promise<CameraRow[]> {
    return this.db.selectFrom('cameras').selectAll().where('domain_uuid', '=', domainUuid).where('removed_at', 'is', null).execute();
  }

  /** The names of a building's cameras, deleted ones included: events and alerts they recorded keep the name. */
  async namesInDomain(domainUuid: string): Promise<Map<string, string>> {
    const rows = await this.db.selectFrom('cameras').select(['uuid', 'description']).where('domain_uuid', '=', domainUuid).execute();
    return new Map(rows.map((c) => [c.uuid, c.description]));
  }

  /**
   * Deletes a camera from service (in the caller's transaction): it leaves every list, its live leases end and it
   * records no more. The row stays for the history that references it. False when it was not in service.
   */
  async remove(trx: Trx, uuid: string, now: number): Promise<boolean> {
    const result = await trx
      .updateTable('cameras')
      .set({ removed_at: now, is_exit: 0 })
      .where('uuid', '=', uuid)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx.deleteFrom('live_leases').where('camera_uuid', '=', uuid).execute();
    return true;
  }

  async insertMany(trx: Trx, cameras: NewCamera[]): Promise<void> {
    for (const camera of cameras) await trx.insertInto('cameras').values(camera).execute();
  }

  async update(
    uuid: string,
    changes: Partial<Pick<CameraRow, 'description' | 'floor' | 'protocol' | 'host' | 'port' | 'path' | 'username' | 'password'>>,
  ): Promise<void> {
    await this.db.updateTable('cameras').set(changes).where('uuid', '=', uuid).execute();
  }

  /**
   * Marks a camera in service as an exit (or not): faces of residents at elopement risk seen there raise alerts. True
   * when this call changed it, false when it was so already or is not in service (of two calls at once, one changes it).
   */
  async setExit(uuid: string, exit: boolean): Promise<boolean> {
    const result = await this.db
      .updateTable('cameras')
      .set({ is_exit: exit ? 1 : 0 })
      .where('uuid', '=', uuid)
      .where('removed_at', 'is', null)
      .where('is_exit', '=', exit ? 0 : 1)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Every stored camera password (sealed or, from before they were kept encrypted, in clear). */
  async passwords(): Promise<{ uuid: string; password: string }[]> {
    const rows = await this.db.selectFrom('cameras').select(['uuid', 'password']).where('password', 'is not', null).execute();
    return rows.map((c) => ({ uuid: c.uuid, password: c.password! }));
  }

  async setPassword(db: Executor, uuid: string, password: string): Promise<void> {
    await db.updateTable('cameras').set({ password }).where('uuid', '=', uuid).execute();
  }

  /** Points the demo cameras at the simulated RTSP server's port of this run. */
  async moveDemoCameras(port: number): Promise<void> {
    await this.db.updateTable('cameras').set({ port }).where('host', '=', '127.0.0.1').where('path', 'like', '/demo/%').execute();
  }
}
