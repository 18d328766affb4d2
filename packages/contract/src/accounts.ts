import { z } from 'zod';
import { uuidSchema, type Operation, type Service } from './common.js';
import type { ServiceMap } from './entitlements.js';

/**
 * People of a building: who holds which role there (the roles `npm run vigil -- grant` uses). Listing needs
 * account/find_all or account/view_all; inviting account/add or account/create; changing account/edit; revoking
 * account/delete.
 */

export const ACCOUNT_OPERATIONS = {
  list: ['find_all', 'view_all'],
  invite: ['add', 'create'],
  change: ['edit'],
  revoke: ['delete'],
} as const satisfies Record<string, readonly Operation[]>;

export type AccountAction = keyof typeof ACCOUNT_OPERATIONS;
export const mayManageAccounts = (map: ServiceMap | undefined, action: AccountAction): boolean =>
  ACCOUNT_OPERATIONS[action].some((op) => map?.account?.includes(op) ?? false);

/** A role as the rules see it: the operations it carries, per service. */
export interface RoleOperations {
  operations: Partial<Record<Service, readonly Operation[]>>;
}

/** The operations a role carries that the granter does not hold, as 'service/operation' (none: the granter may give it). */
export function missingOperations(granter: ServiceMap | undefined, role: RoleOperations): string[] {
  return Object.entries(role.operations).flatMap(([service, ops]) =>
    (ops ?? []).filter((op) => !(granter?.[service as Service]?.includes(op) ?? false)).map((op) => `${service}/${op}`),
  );
}

/**
 * A role may be given (or taken) only by someone who holds every operation it carries in that building: no one hands
 * out more than they have. The staff service is given only to staff (its holders must be on the internal domain anyway).
 */
export function canAssignRole(granter: ServiceMap | undefined, role: RoleOperations): boolean {
  return missingOperations(granter, role).length === 0;
}

/** A role with any staff operation: only internal staff may give it, and only to an e-mail on the internal domain. */
export const carriesStaffService = (role: RoleOperations): boolean => (role.operations.staff?.length ?? 0) > 0;

export const ACCOUNT_MESSAGES = {
  ownAccess: 'You cannot change or revoke your own access. Ask another administrator of this building.',
  invited: (email: string, role: string) => `Invited ${email} as ${role}. They can sign in now with that e-mail.`,
} as const;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const accountEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .regex(EMAIL_PATTERN, 'Enter an e-mail address such as name@example.com.');
export const roleNameSchema = z.string().trim().min(1).max(64);

export const accountsParamsSchema = z.object({ domainId: uuidSchema });
export const accountParamsSchema = z.object({ domainId: uuidSchema, userId: uuidSchema });

export const accountSchema = z.object({
  user_id: uuidSchema,
  email: z.string(),
  display_name: z.string(),
  roles: z.array(z.string()),
  /** the caller's own account (its roles cannot be changed or revoked by itself) */
  you: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;

export const assignableRoleSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** whether the caller may give this role here */
  assignable: z.boolean(),
});

/** GET /api/v1/domains/{domainId}/accounts */
export const accountsReplySchema = z.object({
  ok: z.literal(true),
  accounts: z.array(accountSchema),
  roles: z.array(assignableRoleSchema),
});
export type AccountsReply = z.infer<typeof accountsReplySchema>;

/** POST /api/v1/domains/{domainId}/accounts: invite an e-mail with a role (creates the account if it is new). */
export const inviteAccountBodySchema = z.object({
  email: accountEmailSchema,
  role: roleNameSchema,
  display_name: z.string().trim().max(200).optional(),
});
export type InviteAccountBody = z.input<typeof inviteAccountBodySchema>;

/** PUT /api/v1/domains/{domainId}/accounts/{userId}: the roles the account holds here from now on. */
export const changeAccountBodySchema = z.object({ roles: z.array(roleNameSchema).min(1).max(20) });
export const accountReplySchema = z.object({ ok: z.literal(true), account: accountSchema });

/** DELETE /api/v1/domains/{domainId}/accounts/{userId}: every role the account holds in the building is taken back. */
export const revokeAccountReplySchema = z.object({ ok: z.literal(true), revoked: z.array(z.string()) });
export type ChangeAccountBody = z.input<typeof changeAccountBodySchema>;
export type AccountReply = z.infer<typeof accountReplySchema>;
export type RevokeAccountReply = z.infer<typeof revokeAccountReplySchema>;
