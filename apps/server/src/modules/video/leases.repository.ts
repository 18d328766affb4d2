import type { Db, Trx } from '../../db/database.js';

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
    /** who watches from where (JSON), for the audit entry written when the lease ends */
    viewer: string;
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
        started_at: lease.now,
        viewer: lease.viewer,
      })
      .execute();
  }

  /**
   * Whether the lease opens the camera's live video now, in one query: it is the camera's and runs, the session that
   * asked for it is still signed in, the camera was not deleted, and the user still holds video/view_live in the
   * camera's building (a role revoked since the lease was given ends it).
   */
  async opens(idHash: string, camera: string, now: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('live_leases')
      .innerJoin('sessions', 'sessions.token_hash', 'live_leases.session_hash')
      .innerJoin('cameras', 'cameras.uuid', 'live_leases.camera_uuid')
      .select('live_leases.id_hash')
      .where('live_leases.id_hash', '=', idHash)
      .where('live_leases.camera_uuid', '=', camera)
      .where('live_leases.expires_at', '>', now)
      .where('sessions.expires_at', '>', now)
      .where('cameras.removed_at', 'is', null)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('user_roles')
            .innerJoin('role_operations', 'role_operations.role', 'user_roles.role')
            .select('user_roles.user_id')
            .whereRef('user_roles.user_id', '=', 'live_leases.user_id')
            .whereRef('user_roles.domain_uuid', '=', 'cameras.domain_uuid')
            .where('role_operations.service', '=', 'video')
            .where('role_operations.operation', '=', 'view_live'),
        ),
      )
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Extends the session's running live leases on a camera by `requestedMs`, at most by what each asked for; returns
   * the time given (ms), or 0 when none was running. In the caller's transaction: read and extended together.
   */
  async extend(trx: Trx, sessionHash: string, camera: string, now: number, requestedMs: number): Promise<number> {
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
  }

  /**
   * Ends the leases that ran out by `now` (or every lease of a session that signs out) and returns them, each to
   * exactly one caller: a lease is returned only by the delete that removed it, so two servers ending leases at once
   * never both report one.
   */
  async takeEnded(now: number, sessionHash?: string) {
    let query = this.db.selectFrom('live_leases').select(['id_hash', 'camera_uuid', 'user_id', 'started_at', 'expires_at', 'viewer']);
    query = sessionHash ? query.where('session_hash', '=', sessionHash) : query.where('expires_at', '<=', now);
    const ended = await query.limit(1000).execute();
    const taken: typeof ended = [];
    for (const lease of ended) {
      const result = await this.db.deleteFrom('live_leases').where('id_hash', '=', lease.id_hash).executeTakeFirst();
      if (Number(result.numDeletedRows) > 0) taken.push(lease);
    }
    return taken;
  }
}
