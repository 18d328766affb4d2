import type { AccessRepository } from './access.repository.js';

export type { RoleDefinition } from './access.repository.js';

/** What accounts and pins use of the users and their roles (auth owns them, for sign-in and entitlements). */
export type UserAccess = Pick<
  AccessRepository,
  | 'findUserByEmail'
  | 'findUserById'
  | 'ensureUser'
  | 'roleDefinitions'
  | 'grant'
  | 'changeRoles'
  | 'grantsOf'
  | 'grantsIn'
  | 'usersInDomain'
>;

/** Whom an elopement alert may reach: who holds an operation in a building, and which roles carry it. */
export type AlertReceivers = Pick<AccessRepository, 'holdersIn' | 'roleDefinitions'>;
