import { randomUUID } from 'node:crypto';
import type { EntitlementsByDomain, Operation, Service } from '@vigil/contract';
import type { Db, Executor, Trx } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';

export interface RoleDefinition {
  name: string;
  description: string;
  operations: Partial<Record<Service, readonly Operation[]>>;
}

/** Users, roles (named bundles of operations) and their grants per domain. */
export class AccessRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  findUserByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  }

  findUserById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Creates the user if the e-mail is new; returns the stored row either way. */
  async ensureUser(email: string, displayName = email): Promise<UserRow> {
    const normalized = email.toLowerCase();
    await this.db
      .insertInto('users')
      .values({ id: randomUUID(), email: normalized, display_name: displayName, created_at: this.clock.now() })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
    const user = await this.findUserByEmail(normalized);
    if (!user) throw new Error(`User ${normalized} could not be stored`);
    return user;
  }

  /** Writes a role's operations exactly as given (replacing what it held), in the caller's transaction. */
  async defineRole(trx: Trx, role: RoleDefinition): Promise<void> {
    await trx
      .insertInto('roles')
      .values({ name: role.name, description: role.description })
      .onConflict((oc) => oc.column('name').doUpdateSet({ description: role.description }))
      .execute();
    await trx.deleteFrom('role_operations').where('role', '=', role.name).execute();
    const rows = Object.entries(role.operations).flatMap(([service, operations]) =>
      (operations ?? []).map((operation) => ({ role: role.name, service, operation })),
    );
    if (rows.length > 0) await trx.insertInto('role_operations').values(rows).execute();
  }

  /** Every role with its operations per service, as the assignment rules (canAssignRole) read them. */
  async roleDefinitions(): Promise<RoleDefinition[]> {
    const roles = await this.db.selectFrom('roles').selectAll().orderBy('name').execute();
    const ops = await this.db.selectFrom('role_operations').selectAll().orderBy('service').orderBy('operation').execute();
    return roles.map((r) => {
      const operations: Partial<Record<Service, Operation[]>> = {};
      for (const o of ops) if (o.role === r.name) (operations[o.service as Service] ??= []).push(o.operation as Operation);
      return { name: r.name, description: r.description, operations };
    });
  }

  async listRoles(): Promise<{ name: string; description: string; operations: string[] }[]> {
    const roles = await this.db.selectFrom('roles').selectAll().orderBy('name').execute();
    const ops = await this.db.selectFrom('role_operations').selectAll().orderBy('service').orderBy('operation').execute();
    return roles.map((r) => ({
      ...r,
      operations: ops.filter((o) => o.role === r.name).map((o) => `${o.service}/${o.operation}`),
    }));
  }

  async grant(userId: string, domainUuid: string, role: string): Promise<void> {
    await this.db
      .insertInto('user_roles')
      .values({ user_id: userId, domain_uuid: domainUuid, role })
      .onConflict((oc) => oc.columns(['user_id', 'domain_uuid', 'role']).doNothing())
      .execute();
  }

  /** Takes a role back; the user's live video in that domain ends with it (a lease is asked for again, and checked). */
  async revoke(trx: Trx, userId: string, domainUuid: string, role: string): Promise<number> {
    return this.revokeIn(trx, userId, domainUuid, [role]);
  }

  /**
   * Gives and takes roles in one domain (all or nothing: in the caller's transaction); as with revoke, taking any ends
   * the user's live video there.
   */
  async changeRoles(trx: Trx, userId: string, domainUuid: string, change: { grant: readonly string[]; revoke: readonly string[] }) {
    if (change.revoke.length > 0) await this.revokeIn(trx, userId, domainUuid, change.revoke);
    if (change.grant.length > 0)
      await trx
        .insertInto('user_roles')
        .values(change.grant.map((role) => ({ user_id: userId, domain_uuid: domainUuid, role })))
        .onConflict((oc) => oc.columns(['user_id', 'domain_uuid', 'role']).doNothing())
        .execute();
  }

  private async revokeIn(trx: Trx, userId: string, domainUuid: string, roles: readonly string[]): Promise<number> {
    const result = await trx
      .deleteFrom('user_roles')
      .where('user_id', '=', userId)
      .where('domain_uuid', '=', domainUuid)
      .where('role', 'in', roles)
      .executeTakeFirst();
    await trx
      .deleteFrom('live_leases')
      .where('user_id', '=', userId)
      .where('camera_uuid', 'in', trx.selectFrom('cameras').select('uuid').where('domain_uuid', '=', domainUuid))
      .execute();
    return Number(result.numDeletedRows);
  }

  async grantsOf(userId: string, db: Executor = this.db): Promise<{ domain_uuid: string; role: string }[]> {
    return db.selectFrom('user_roles').select(['domain_uuid', 'role']).where('user_id', '=', userId).execute();
  }

  /** The user's entitlements: the union of their roles' operations, per domain. */
  async entitlements(userId: string): Promise<EntitlementsByDomain> {
    const rows = await this.db
      .selectFrom('user_roles')
      .innerJoin('role_operations', 'role_operations.role', 'user_roles.role')
      .select(['user_roles.domain_uuid', 'role_operations.service', 'role_operations.operation'])
      .where('user_roles.user_id', '=', userId)
      .execute();
    const byDomain: EntitlementsByDomain = {};
    for (const row of rows) {
      const services = (byDomain[row.domain_uuid] ??= {});
      const operations = (services[row.service as Service] ??= []);
      if (!operations.includes(row.operation as Operation)) operations.push(row.operation as Operation);
    }
    for (const services of Object.values(byDomain)) for (const ops of Object.values(services)) ops.sort();
    return byDomain;
  }

  /**
   * Who holds an operation in a domain through any of their roles there (as `entitlements` computes it), with every role
   * they hold there, by display name: whom an elopement alert may reach.
   */
  async holdersIn(
    db: Executor,
    domainUuid: string,
    service: Service,
    operation: Operation,
  ): Promise<{ id: string; email: string; display_name: string; roles: string[] }[]> {
    const rows = await db
      .selectFrom('user_roles as ur')
      .innerJoin('users as u', 'u.id', 'ur.user_id')
      .select(['u.id', 'u.email', 'u.display_name', 'ur.role'])
      .where('ur.domain_uuid', '=', domainUuid)
      .where('ur.user_id', 'in', (qb) =>
        qb
          .selectFrom('user_roles as h')
          .innerJoin('role_operations as o', 'o.role', 'h.role')
          .select('h.user_id')
          .where('h.domain_uuid', '=', domainUuid)
          .where('o.service', '=', service)
          .where('o.operation', '=', operation),
      )
      .orderBy('u.display_name')
      .orderBy('u.id')
      .orderBy('ur.role')
      .execute();
    const byUser = new Map<string, { id: string; email: string; display_name: string; roles: string[] }>();
    for (const r of rows) {
      const user = byUser.get(r.id) ?? { id: r.id, email: r.email, display_name: r.display_name, roles: [] };
      user.roles.push(r.role);
      byUser.set(r.id, user);
    }
    return [...byUser.values()];
  }

  /** Who holds which role in the domain: one row per user and role, by e-mail then role. */
  grantsIn(domainUuid: string): Promise<{ user_id: string; email: string; display_name: string; role: string }[]> {
    return this.db
      .selectFrom('user_roles')
      .innerJoin('users', 'users.id', 'user_roles.user_id')
      .select(['users.id as user_id', 'users.email', 'users.display_name', 'user_roles.role'])
      .where('user_roles.domain_uuid', '=', domainUuid)
      .orderBy('users.email')
      .orderBy('user_roles.role')
      .execute();
  }

  listUsers(): Promise<UserRow[]> {
    return this.db.selectFrom('users').selectAll().orderBy('email').execute();
  }

  /** Users holding any role in the domain, by display name. */
  async usersInDomain(domainUuid: string): Promise<UserRow[]> {
    return this.db
      .selectFrom('users')
      .selectAll('users')
      .where('users.id', 'in', (qb) => qb.selectFrom('user_roles').select('user_id').where('domain_uuid', '=', domainUuid))
      .orderBy('users.display_name')
      .execute();
  }
}
