import { sql } from 'kysely';
import { chunked, eachChunk } from '../../db/chunked.js';
import type { Db, Executor, Trx } from '../../db/database.js';
import type { AccessEventRow, AccessPointRow, BadgeCredentialRow, BadgeIdentityRow } from '../../db/schema.js';

export interface NewTap {
  uuid: string;
  domain_uuid: string;
  source_id: string;
  detector_id: string | null;
  access_point_uuid: string;
  identity_uuid: string;
  credential_uuid: string;
  event_at: number;
  granted: number;
  received_at: number;
}

export interface TapState {
  evaluated_at: number;
  faces: number;
  passages: number;
  matched: number;
  best_label: string | null;
  shared_with: string | null;
  door_face: string | null;
  tailgate: number;
}

/** Badge identities, credentials, access points, taps and their tags (migration 0018). */
export class BadgesRepository {
  constructor(private readonly db: Db) {}

  // ---- identities, credentials, access points

  identities(domain: string, db: Executor = this.db): Promise<BadgeIdentityRow[]> {
    return db.selectFrom('badge_identities').selectAll().where('domain_uuid', '=', domain).orderBy('name').execute();
  }

  identity(domain: string, identityId: string): Promise<BadgeIdentityRow | undefined> {
    return this.db
      .selectFrom('badge_identities')
      .selectAll()
      .where('domain_uuid', '=', domain)
      .where('identity_id', '=', identityId)
      .executeTakeFirst();
  }

  identitiesByUuid(db: Executor, uuids: readonly string[]): Promise<BadgeIdentityRow[]> {
    return chunked(uuids, (slice) => db.selectFrom('badge_identities').selectAll().where('uuid', 'in', slice).execute());
  }

  unit(domain: string, unit: string): Promise<BadgeIdentityRow[]> {
    return this.db.selectFrom('badge_identities').selectAll().where('domain_uuid', '=', domain).where('unit', '=', unit).execute();
  }

  identitiesByIds(trx: Trx, domain: string, ids: readonly string[]): Promise<BadgeIdentityRow[]> {
    return chunked(ids, (slice) =>
      trx.selectFrom('badge_identities').selectAll().where('domain_uuid', '=', domain).where('identity_id', 'in', slice).execute(),
    );
  }

  async insertIdentity(trx: Trx, row: Omit<BadgeIdentityRow, 'taps' | 'matched' | 'null_matched' | 'tags'>): Promise<void> {
    await trx.insertInto('badge_identities').values(row).execute();
  }

  async updateIdentity(
    trx: Trx,
    uuid: string,
    change: Partial<Pick<BadgeIdentityRow, 'name' | 'unit' | 'role' | 'face_uuid' | 'updated_at'>>,
  ): Promise<void> {
    await trx.updateTable('badge_identities').set(change).where('uuid', '=', uuid).execute();
  }

  credentials(domain: string): Promise<BadgeCredentialRow[]> {
    return this.db.selectFrom('badge_credentials').selectAll().where('domain_uuid', '=', domain).orderBy('created_at').execute();
  }

  credentialsOf(identityUuid: string): Promise<BadgeCredentialRow[]> {
    return this.db.selectFrom('badge_credentials').selectAll().where('identity_uuid', '=', identityUuid).orderBy('created_at').execute();
  }

  credentialsByIds(trx: Trx, domain: string, ids: readonly string[]): Promise<BadgeCredentialRow[]> {
    return chunked(ids, (slice) =>
      trx.selectFrom('badge_credentials').selectAll().where('domain_uuid', '=', domain).where('credential_id', 'in', slice).execute(),
    );
  }

  async insertCredential(trx: Trx, row: BadgeCredentialRow): Promise<void> {
    await trx.insertInto('badge_credentials').values(row).execute();
  }

  /** A card given to someone else (or relabelled): both holders count as changed (the list's version moves). */
  async moveCredential(trx: Trx, uuid: string, identityUuid: string, label: string, at: number): Promise<void> {
    const was = await trx.selectFrom('badge_credentials').select('identity_uuid').where('uuid', '=', uuid).executeTakeFirst();
    await trx.updateTable('badge_credentials').set({ identity_uuid: identityUuid, label }).where('uuid', '=', uuid).execute();
    await trx
      .updateTable('badge_identities')
      .set({ updated_at: at })
      .where('uuid', 'in', [identityUuid, ...(was ? [was.identity_uuid] : [])])
      .execute();
  }

  /**
   * What the badge list of a building is made of, summed up: it changes whenever an identity, its counters, its
   * verifications or a credential change (the list is made again only then).
   */
  async listVersion(domain: string): Promise<string> {
    const identities = await this.db
      .selectFrom('badge_identities')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.max<number>('updated_at').as('updated'),
        eb.fn.sum<number>('taps').as('taps'),
        eb.fn.sum<number>('matched').as('matched'),
        eb.fn.sum<number>('null_matched').as('none'),
        eb.fn.sum<number>('tags').as('tags'),
        eb.fn.max<number>('last_verified_at').as('verified'),
        eb.fn.max<number>('last_tap_at').as('tapped'),
      ])
      .where('domain_uuid', '=', domain)
      .executeTakeFirst();
    const credentials = await this.db
      .selectFrom('badge_credentials')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max<number>('created_at').as('created')])
      .where('domain_uuid', '=', domain)
      .executeTakeFirst();
    const values = [...Object.values(identities ?? {}), ...Object.values(credentials ?? {})];
    return values.map((v) => (v === null || v === undefined ? '-' : String(Number(v)))).join(':');
  }

  accessPoints(db: Executor, domain: string, ids: readonly string[]): Promise<AccessPointRow[]> {
    return chunked(ids, (slice) =>
      db.selectFrom('access_points').selectAll().where('domain_uuid', '=', domain).where('external_id', 'in', slice).execute(),
    );
  }

  accessPointsByUuid(uuids: readonly string[]): Promise<AccessPointRow[]> {
    return chunked(uuids, (slice) => this.db.selectFrom('access_points').selectAll().where('uuid', 'in', slice).execute());
  }

  async insertAccessPoint(trx: Trx, row: AccessPointRow): Promise<void> {
    await trx.insertInto('access_points').values(row).execute();
  }

  async updateAccessPoint(trx: Trx, uuid: string, change: Partial<Pick<AccessPointRow, 'description' | 'camera_uuid'>>): Promise<void> {
    await trx.updateTable('access_points').set(change).where('uuid', '=', uuid).execute();
  }

  // ---- taps

  /** Which of the sender's ids the building has already. */
  async knownSources(trx: Trx, domain: string, sourceIds: readonly string[]): Promise<Set<string>> {
    const rows = await chunked(sourceIds, (slice) =>
      trx.selectFrom('access_events').select('source_id').where('domain_uuid', '=', domain).where('source_id', 'in', slice).execute(),
    );
    return new Set(rows.map((r) => r.source_id));
  }

  /** Stores taps and counts them on their identities (taps, last tap). */
  async insertTaps(trx: Trx, taps: readonly NewTap[]): Promise<void> {
    await eachChunk(taps, (slice) => trx.insertInto('access_events').values(slice).execute());
    const byIdentity = new Map<string, { n: number; last: number }>();
    for (const t of taps) {
      const s = byIdentity.get(t.identity_uuid) ?? { n: 0, last: 0 };
      byIdentity.set(t.identity_uuid, { n: s.n + 1, last: Math.max(s.last, t.event_at) });
    }
    for (const [uuid, s] of byIdentity)
      await trx
        .updateTable('badge_identities')
        .set((eb) => ({
          taps: eb('taps', '+', s.n),
          last_tap_at: sql<number>`CASE WHEN last_tap_at IS NULL OR last_tap_at < ${s.last} THEN ${s.last} ELSE last_tap_at END`,
        }))
        .where('uuid', '=', uuid)
        .execute();
  }

  tap(domain: string, uuid: string): Promise<AccessEventRow | undefined> {
    return this.db.selectFrom('access_events').selectAll().where('domain_uuid', '=', domain).where('uuid', '=', uuid).executeTakeFirst();
  }

  tapsByUuid(db: Executor, uuids: readonly string[]): Promise<AccessEventRow[]> {
    return chunked(uuids, (slice) => db.selectFrom('access_events').selectAll().where('uuid', 'in', slice).execute());
  }

  /** Taps whose window has passed and that nobody looked at yet, oldest first. */
  dueTaps(before: number, limit: number, domain?: string): Promise<AccessEventRow[]> {
    return this.db
      .selectFrom('access_events')
      .selectAll()
      .where('evaluated_at', 'is', null)
      .where('event_at', '<', before)
      .$if(domain !== undefined, (q) => q.where('domain_uuid', '=', domain!))
      .orderBy('event_at')
      .limit(limit)
      .execute();
  }

  /** An identity's taps, newest first, before `before`; `view` keeps those with a face or those matched. */
  identityTaps(
    identityUuid: string,
    o: { before?: number; limit: number; view: 'verifiable' | 'all' | 'verified'; credential?: string },
  ): Promise<AccessEventRow[]> {
    let q = this.db.selectFrom('access_events').selectAll().where('identity_uuid', '=', identityUuid);
    if (o.before !== undefined) q = q.where('event_at', '<', o.before);
    if (o.credential) q = q.where('credential_uuid', '=', o.credential);
    if (o.view === 'verifiable') q = q.where('faces', '>', 0);
    if (o.view === 'verified') q = q.where('matched', '=', 1);
    return q.orderBy('event_at', 'desc').limit(o.limit).execute();
  }

  /** Taps at an access point between two moments (tailgating counts them). */
  async tapsAt(accessPoint: string, from: number, to: number): Promise<number> {
    const row = await this.db
      .selectFrom('access_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('access_point_uuid', '=', accessPoint)
      .where('event_at', '>=', from)
      .where('event_at', '<=', to)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * A building's evaluated taps in a period, newest first, up to `limit` (reports): with `which`, only those whose door
   * faces do not match their badge (mismatch), whose badge someone else used (shared), or that more people followed
   * than tapped (tailgate), picked by the database, so a long period never brings its other taps into memory.
   */
  tapsBetween(
    domain: string,
    from: number,
    to: number,
    limit: number,
    which?: 'mismatch' | 'shared' | 'tailgate',
  ): Promise<AccessEventRow[]> {
    let query = this.db
      .selectFrom('access_events')
      .selectAll()
      .where('domain_uuid', '=', domain)
      .where('event_at', '>=', from)
      .where('event_at', '<', to)
      .where('evaluated_at', 'is not', null);
    if (which === 'mismatch') query = query.where('faces', '>', 0).where('matched', '=', 0);
    if (which === 'shared') query = query.where('shared_with', 'is not', null);
    if (which === 'tailgate') query = query.where('tailgate', '=', 1);
    return query.orderBy('event_at', 'desc').limit(limit).execute();
  }

  /**
   * A tap's verdict, and its identity's counters moved by the difference from the previous verdict (so the badge list
   * reads one row per identity). Written only over the state it was computed from: each verdict's evaluated_at is
   * later than the one before, so two evaluations of the same state never both count. False when another came first.
   */
  async setVerdict(trx: Trx, tap: AccessEventRow, state: TapState): Promise<boolean> {
    const was = tap.evaluated_at === null ? null : { matched: tap.matched ?? 0, none: (tap.faces ?? 0) === 0 ? 1 : 0 };
    const next = { ...state, evaluated_at: Math.max(state.evaluated_at, (tap.evaluated_at ?? 0) + 1) };
    const result = await trx
      .updateTable('access_events')
      .set(next)
      .where('uuid', '=', tap.uuid)
      .where((eb) => (tap.evaluated_at === null ? eb('evaluated_at', 'is', null) : eb('evaluated_at', '=', tap.evaluated_at)))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    const dMatched = state.matched - (was?.matched ?? 0);
    const dNone = (state.faces === 0 ? 1 : 0) - (was?.none ?? 0);
    if (dMatched !== 0 || dNone !== 0)
      await trx
        .updateTable('badge_identities')
        .set((eb) => ({ matched: eb('matched', '+', dMatched), null_matched: eb('null_matched', '+', dNone) }))
        .where('uuid', '=', tap.identity_uuid)
        .execute();
    return true;
  }

  // ---- erasure

  /** The identities linked to a registry person. */
  linkedTo(db: Executor, person: string): Promise<BadgeIdentityRow[]> {
    return db.selectFrom('badge_identities').selectAll().where('face_uuid', '=', person).execute();
  }

  /** Identities with their credentials, taps and tags (the foreign keys cascade). */
  async deleteIdentities(trx: Trx, uuids: readonly string[]): Promise<void> {
    await eachChunk(uuids, (slice) => trx.deleteFrom('badge_identities').where('uuid', 'in', slice).execute());
  }
}
