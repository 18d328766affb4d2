import type { Db } from '../../db/database.js';

/** Live leases: who may fetch a camera's rolling playlist, from which session, until when. */
export class LiveLeasesRepository {
  constructor(private readonly db: Db) {}

  async create(lease: {
    idHash: string;
    camera: string;
    userId: string;
    sessionHash: string;
    now: number;
    durationMs: number;
  }): Promise<void> {
    await this.db
      .insertInto('live_leases')
      .values({
        id_hash: lease.idHash,
        camera_uuid: lease.camera,
        user_id: lease.userId,
        session_hash: lease.sessionHash,
        duration_ms: lease.durationMs,
        expires_at: lease.now + lease.durationMs,
      })
      .execute();
  }

  /** The lease, while it runs and the session that asked for it is still signed in. */
  findActive(idHash: string, now: number) {
    return this.db
      .selectFrom('live_leases')
      .innerJoin('sessions', 'sessions.token_hash', 'live_leases.session_hash')
      .select(['live_leases.id_hash', 'live_leases.camera_uuid', 'live_leases.user_id', 'live_leases.expires_at'])
      .where('live_leases.id_hash', '=', idHash)
      .where('live_leases.expires_at', '>', now)
      .where('sessions.expires_at', '>', now)
      .executeTakeFirst();
  }

  /**
   * Extends the session's running live leases on a camera by `requestedMs`, at most by what each asked for; returns
   * the time given (ms), or 0 when none was running.
   */
  async extend(sessionHash: string, camera: string, now: number, requestedMs: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const active = await trx
        .selectFrom('live_leases')
        .select(['id_hash', 'duration_ms'])
        .where('session_hash', '=', sessionHash)
        .where('camera_uuid', '=', camera)
        .where('expires_at', '>', now)
        .execute();
      let given = 0;
      for (const lease of active) {
        const cap = lease.duration_ms === null ? requestedMs : Math.min(requestedMs, Number(lease.duration_ms));
        await trx
          .updateTable('live_leases')
          .set({ expires_at: now + cap })
          .where('id_hash', '=', lease.id_hash)
          .execute();
        given = Math.max(given, cap);
      }
      return given;
    });
  }

  async purgeExpired(now: number): Promise<void> {
    await this.db.deleteFrom('live_leases').where('expires_at', '<=', now).execute();
  }
}
