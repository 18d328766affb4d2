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

/**
 * A role may be given (or taken) only by someone who holds every operation it carries in that building: no one hands
 * out more than they have. The staff service is given only to staff (its holders must be on the internal domain anyway).
 */
export function canAssignRole(granter: ServiceMap | undefined, role: { operations: Partial<Record<Service, readonly Operation[]>> }): boolean {
  return Object.entries(role.operations).every(([service, ops]) =>
    (ops ?? []).every((op) => granter?.[service as Service]?.includes(op) ?? false),
  );
}

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
