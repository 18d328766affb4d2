import type { Db } from '../../db/database.js';

/** Live leases: who may fetch a camera's rolling playlist, until when. */
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
