import {
  ACCOUNT_MESSAGES,
  canAssignRole,
  carriesStaffService,
  mayManageAccounts,
  missingOperations,
  type Account,
  type AccountAction,
  type AccountsReply,
  type ServiceMap,
} from '@vigil/contract';
import { isStaffEmail, type Principal } from '../../auth/principal.js';
import type { Db, Trx } from '../../db/database.js';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/http-error.js';
import type { RoleDefinition, UserAccess } from '../auth/access.port.js';

/** The account-management operations an action needs, for the 403 message. */
const NEEDED: Record<AccountAction, string> = {
  list: 'account/find_all or account/view_all',
  invite: 'account/add or account/create',
  change: 'account/edit',
  revoke: 'account/delete',
};

/** The devices that receive a user's alerts in a building (delivery's Web Push subscriptions), ended with the right. */
export interface AlertDevices {
  endIn(trx: Trx, userId: string, domainUuid: string): Promise<number>;
}

/**
 * People of a building: who holds which role there, and inviting, changing and revoking them. The same grants as
 * `npm run vigil -- grant/revoke`, with the caller's own rights as the limit of what they may give or take.
 */
export class AccountsService {
  constructor(
    private readonly db: Db,
    private readonly access: UserAccess,
    private readonly internalEmailDomain: string,
    private readonly alertDevices?: AlertDevices,
  ) {}

  async list(principal: Principal, domainUuid: string): Promise<Omit<AccountsReply, 'ok'>> {
    const services = this.allow(principal, domainUuid, 'list');
    const [grants, roles] = await Promise.all([this.access.grantsIn(domainUuid), this.access.roleDefinitions()]);
    const accounts = new Map<string, Account>();
    for (const grant of grants) {
      const account = accounts.get(grant.user_id);
      if (account) account.roles.push(grant.role);
      else
        accounts.set(grant.user_id, {
          user_id: grant.user_id,
          email: grant.email,
          display_name: grant.display_name,
          roles: [grant.role],
          you: grant.user_id === principal.user.id,
        });
    }
    return {
      accounts: [...accounts.values()],
      roles: roles.map((role) => ({ name: role.name, description: role.description, assignable: canAssignRole(services, role) })),
    };
  }

  async invite(principal: Principal, domainUuid: string, body: { email: string; role: string; display_name?: string | undefined }) {
    const services = this.allow(principal, domainUuid, 'invite');
    const role = this.assignableRole(principal, services, await this.access.roleDefinitions(), body.role, 'give');
    this.requireStaffEmailFor(role, body.email);
    const existing = await this.access.findUserByEmail(body.email);
    if (existing?.id === principal.user.id) throw new HttpError(409, ACCOUNT_MESSAGES.ownAccess);
    if (existing && (await this.rolesOf(existing.id, domainUuid)).includes(role.name))
      throw new HttpError(409, `${existing.email} already holds ${role.name} in this building.`);
    const user = existing ?? (await this.access.ensureUser(body.email, body.display_name || body.email));
    await this.access.grant(user.id, domainUuid, role.name);
    return this.accountOf(principal, user.id, domainUuid);
  }

  /** Sets the roles an account holds in the building; every role added or taken must be one the caller may give. */
  async change(principal: Principal, domainUuid: string, userId: string, wanted: readonly string[]): Promise<Account> {
    const services = this.allow(principal, domainUuid, 'change');
    const { user, held } = await this.member(principal, domainUuid, userId);
    const next = [...new Set(wanted)];
    const grant = next.filter((name) => !held.includes(name));
    const revoke = held.filter((name) => !next.includes(name));
    const roles = await this.access.roleDefinitions();
    for (const name of grant) this.requireStaffEmailFor(this.assignableRole(principal, services, roles, name, 'give'), user.email);
    for (const name of revoke) this.assignableRole(principal, services, roles, name, 'take');
    if (grant.length > 0 || revoke.length > 0)
      await this.db.transaction().execute(async (trx) => {
        await this.access.changeRoles(trx, user.id, domainUuid, { grant, revoke });
        if (revoke.length > 0) await this.endAlertDevicesUnlessReceiving(trx, user.id, domainUuid, next, roles);
      });
    return this.accountOf(principal, user.id, domainUuid);
  }

  /** Takes back every role the account holds in the building (its live video there ends with them). */
  async revoke(principal: Principal, domainUuid: string, userId: string): Promise<string[]> {
    const services = this.allow(principal, domainUuid, 'revoke');
    const { user, held } = await this.member(principal, domainUuid, userId);
    const roles = await this.access.roleDefinitions();
    for (const name of held) this.assignableRole(principal, services, roles, name, 'take');
    await this.db.transaction().execute(async (trx) => {
      await this.access.changeRoles(trx, user.id, domainUuid, { grant: [], revoke: held });
      await this.endAlertDevicesUnlessReceiving(trx, user.id, domainUuid, [], roles);
    });
    return held;
  }

  /** A user whose roles in the building no longer carry alerting/receive_er_alerts stops receiving its alerts on every device. */
  private async endAlertDevicesUnlessReceiving(
    trx: Trx,
    userId: string,
    domainUuid: string,
    kept: readonly string[],
    roles: RoleDefinition[],
  ) {
    const receives = roles.some((role) => kept.includes(role.name) && role.operations.alerting?.includes('receive_er_alerts'));
    if (!receives) await this.alertDevices?.endIn(trx, userId, domainUuid);
  }

  /** 403 (the same as for an unknown building) unless the caller may do this with accounts there. */
  private allow(principal: Principal, domainUuid: string, action: AccountAction): ServiceMap {
    const services = principal.entitlements[domainUuid];
    if (!services || !mayManageAccounts(services, action)) throw forbidden(`You do not have ${NEEDED[action]} access in this domain.`);
    return services;
  }

  /** The role by name, if the caller may give (or take) it here: every operation it carries, and staff for the staff service. */
  private assignableRole(
    principal: Principal,
    services: ServiceMap,
    roles: RoleDefinition[],
    name: string,
    verb: 'give' | 'take',
  ): RoleDefinition {
    const role = roles.find((r) => r.name === name);
    if (!role) throw badRequest(`There is no role "${name}".`);
    if (carriesStaffService(role) && !principal.staff)
      throw badRequest(`Only internal staff may ${verb} ${name}: it carries the staff service.`);
    const missing = missingOperations(services, role);
    if (missing.length > 0)
      throw badRequest(`You may not ${verb} ${name}: it carries ${missing.join(', ')}, which you do not hold in this building.`);
    return role;
  }

  /** The staff service only ever goes to e-mails on the internal domain (withoutStaffServiceUnlessStaff would drop it anyway). */
  private requireStaffEmailFor(role: RoleDefinition, email: string): void {
    if (carriesStaffService(role) && !isStaffEmail(email, this.internalEmailDomain))
      throw badRequest(`${role.name} carries the staff service, which only e-mails at @${this.internalEmailDomain} may hold.`);
  }

  /** The account whose roles in the building are to change: never the caller's own; 404 without any role there. */
  private async member(principal: Principal, domainUuid: string, userId: string) {
    if (userId === principal.user.id) throw new HttpError(409, ACCOUNT_MESSAGES.ownAccess);
    const user = await this.access.findUserById(userId);
    const held = user ? await this.rolesOf(user.id, domainUuid) : [];
    if (!user || held.length === 0) throw notFound('No such account in this building.');
    return { user, held };
  }

  private async rolesOf(userId: string, domainUuid: string): Promise<string[]> {
    return (await this.access.grantsOf(userId)).filter((g) => g.domain_uuid === domainUuid).map((g) => g.role);
  }

  private async accountOf(principal: Principal, userId: string, domainUuid: string): Promise<Account> {
    const user = await this.access.findUserById(userId);
    if (!user) throw notFound('No such account in this building.');
    const roles = (await this.rolesOf(userId, domainUuid)).sort();
    return { user_id: user.id, email: user.email, display_name: user.display_name, roles, you: user.id === principal.user.id };
  }
}
