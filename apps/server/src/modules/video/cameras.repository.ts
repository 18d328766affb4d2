import type { Db } from '../../db/database.js';
import type { CameraRow, NewCamera } from '../../db/schema.js';

export class CamerasRepository {
  constructor(private readonly db: Db) {}

  findOne(uuid: string): Promise<CameraRow | undefined> {
    return this.db.selectFrom('cameras').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  }

  all(): Promise<CameraRow[]> {
    return this.db.selectFrom('cameras').selectAll().execute();
  }

  inDomain(domainUuid: string): Promise<CameraRow[]> {
    return this.db.selectFrom('cameras').selectAll().where('domain_uuid', '=', domainUuid).execute();
  }

  async insertMany(cameras: NewCamera[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const camera of cameras) await trx.insertInto('cameras').values(camera).execute();
    });
  }

  /** Points the demo cameras at the simulated RTSP server's port of this run. */
  async moveDemoCameras(port: number): Promise<void> {
    await this.db.updateTable('cameras').set({ port }).where('host', '=', '127.0.0.1').where('path', 'like', '/demo/%').execute();
  }
}

export class LiveLeasesRepository {
  constructor(private readonly db: Db) {}

  async create(idHash: string, camera: string, userId: string, expiresAt: number): Promise<void> {
    await this.db
      .insertInto('live_leases')
      .values({ id_hash: idHash, camera_uuid: camera, user_id: userId, expires_at: expiresAt })
      .execute();
  }

  findActive(idHash: string, now: number) {
    return this.db.selectFrom('live_leases').selectAll().where('id_hash', '=', idHash).where('expires_at', '>', now).executeTakeFirst();
  }

  /** Extends the user's live leases on a camera; returns how many were still active. */
  async extend(userId: string, camera: string, now: number, expiresAt: number): Promise<number> {
    const result = await this.db
      .updateTable('live_leases')
      .set({ expires_at: expiresAt })
      .where('user_id', '=', userId)
      .where('camera_uuid', '=', camera)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async purgeExpired(now: number): Promise<void> {
    await this.db.deleteFrom('live_leases').where('expires_at', '<=', now).execute();
  }
}
