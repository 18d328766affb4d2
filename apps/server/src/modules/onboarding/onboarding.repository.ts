import type { Insertable } from 'kysely';
import type { Operation, Service } from '@vigil/contract';
import type { Db, Trx } from '../../db/database.js';
import type { CameraStreamTable, DomainTable, NewCamera } from '../../db/schema.js';

export type NewDomain = Insertable<DomainTable>;
export type NewCameraStream = Insertable<CameraStreamTable>;

/** A new building with everything in it: made in one transaction, or not at all. */
export interface NewBuilding {
  domain: NewDomain;
  cameras: NewCamera[];
  streams: NewCameraStream[];
  /** roles given in the new building (the staff member who onboards it) */
  grants: { user_id: string; role: string }[];
}

export class OnboardingRepository {
  constructor(private readonly db: Db) {}

  /** The roles a user holds (in any building) that carry the staff service: what onboarding staff get in a new one. */
  async staffRolesOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('user_roles')
      .innerJoin('role_operations', 'role_operations.role', 'user_roles.role')
      .select('user_roles.role')
      .distinct()
      .where('user_roles.user_id', '=', userId)
      .where('role_operations.service', '=', 'staff')
      .orderBy('user_roles.role')
      .execute();
    return rows.map((r) => r.role);
  }

  /** Whether any of these roles carries the operation. */
  async rolesHold(roles: readonly string[], service: Service, operation: Operation): Promise<boolean> {
    if (roles.length === 0) return false;
    const row = await this.db
      .selectFrom('role_operations')
      .select('role')
      .where('role', 'in', [...roles])
      .where('service', '=', service)
      .where('operation', '=', operation)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Inserts the building, its cameras, streams and grants (in the caller's transaction: all or nothing). 'fname' or
   * 'camera' names what already exists (nothing is written then); null when all went in.
   */
  async create(trx: Trx, building: NewBuilding): Promise<{ conflict: 'fname' | 'camera'; value: string } | null> {
    const fname = building.domain.fname ?? '';
    if (await trx.selectFrom('domains').select('uuid').where('fname', '=', fname).executeTakeFirst())
      return { conflict: 'fname' as const, value: fname };
    const ids = building.cameras.map((c) => c.uuid);
    const existing = await trx.selectFrom('cameras').select('uuid').where('uuid', 'in', ids).executeTakeFirst();
    if (existing) return { conflict: 'camera' as const, value: existing.uuid };
    await trx.insertInto('domains').values(building.domain).execute();
    await trx.insertInto('cameras').values(building.cameras).execute();
    await trx.insertInto('camera_streams').values(building.streams).execute();
    if (building.grants.length > 0)
      await trx
        .insertInto('user_roles')
        .values(building.grants.map((g) => ({ ...g, domain_uuid: building.domain.uuid })))
        .execute();
    return null;
  }
}
