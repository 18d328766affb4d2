import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  accountEmailSchema,
  canAssignRole,
  carriesStaffService,
  changeAccountBodySchema,
  inviteAccountBodySchema,
  mayManageAccounts,
  missingOperations,
} from './accounts.js';
import type { ServiceMap } from './entitlements.js';

const manager: ServiceMap = {
  video: ['view_live', 'view_historic', 'add'],
  alerting: ['receive_er_alerts', 'view_historic', 'pin_dismiss_alert'],
  account: ['create', 'edit', 'find_all'],
};
const caregiver = { operations: { video: ['view_live', 'view_historic'], alerting: ['receive_er_alerts'] } } as const;
const staffAdmin = { operations: { video: ['view_live'], staff: ['feature_flags'] } } as const;

describe('mayManageAccounts', () => {
  it('lists with find_all or view_all, invites with add or create, changes with edit, revokes with delete', () => {
    expect(mayManageAccounts(manager, 'list')).toBe(true);
    expect(mayManageAccounts({ account: ['view_all'] }, 'list')).toBe(true);
    expect(mayManageAccounts(manager, 'invite')).toBe(true);
    expect(mayManageAccounts({ account: ['add'] }, 'invite')).toBe(true);
    expect(mayManageAccounts(manager, 'change')).toBe(true);
    expect(mayManageAccounts(manager, 'revoke')).toBe(false);
    expect(mayManageAccounts({ account: ['delete'] }, 'revoke')).toBe(true);
  });

  it('refuses everything without the account service, or without the building', () => {
    expect(mayManageAccounts({ video: ['find_all', 'add', 'edit', 'delete'] }, 'list')).toBe(false);
    expect(mayManageAccounts({ account: ['administer_user_pin'] }, 'change')).toBe(false);
    expect(mayManageAccounts(undefined, 'list')).toBe(false);
  });
});

describe('canAssignRole', () => {
  it('lets a granter give a role whose every operation they hold', () => {
    expect(canAssignRole(manager, caregiver)).toBe(true);
    expect(canAssignRole(manager, { operations: {} })).toBe(true);
    expect(missingOperations(manager, caregiver)).toEqual([]);
  });

  it('refuses a role carrying one operation more than the granter holds, naming it', () => {
    const more = { operations: { ...caregiver.operations, faces: ['find_resident'] } } as const;
    expect(canAssignRole(manager, more)).toBe(false);
    expect(missingOperations(manager, more)).toEqual(['faces/find_resident']);
    expect(missingOperations({ video: ['view_live'] }, caregiver)).toEqual(['video/view_historic', 'alerting/receive_er_alerts']);
    expect(canAssignRole(undefined, caregiver)).toBe(false);
  });

  it('refuses the staff service to anyone not holding it (entitlements of non-staff never do)', () => {
    expect(carriesStaffService(staffAdmin)).toBe(true);
    expect(carriesStaffService(caregiver)).toBe(false);
    expect(canAssignRole(manager, staffAdmin)).toBe(false);
    expect(canAssignRole({ ...manager, staff: ['feature_flags'] }, staffAdmin)).toBe(true);
  });
});

describe('account payloads', () => {
  it('normalises the e-mail and refuses what is not one', () => {
    expect(accountEmailSchema.parse('  Ivy@Example.COM ')).toBe('ivy@example.com');
    for (const bad of ['ivy', 'ivy@example', 'ivy @example.com', '@example.com'])
      expect(accountEmailSchema.safeParse(bad).success, bad).toBe(false);
    expect(inviteAccountBodySchema.safeParse({ email: 'ivy@example.com', role: ' ' }).success).toBe(false);
  });

  it('needs at least one role on a change (revoking all is its own call)', () => {
    expect(changeAccountBodySchema.safeParse({ roles: [] }).success).toBe(false);
    expect(changeAccountBodySchema.parse({ roles: ['caregiver'] })).toEqual({ roles: ['caregiver'] });
  });

  it('says who was invited as what', () => {
    expect(ACCOUNT_MESSAGES.invited('name@example.com', 'caregiver')).toBe(
      'Invited name@example.com as caregiver. They can sign in now with that e-mail.',
    );
  });
});
