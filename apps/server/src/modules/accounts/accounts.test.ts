import { ACCOUNT_MESSAGES, type Account, type AccountsReply, type EntitlementsReply } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIRCH, MAPLE, bearer, createTestContext, type TestContext } from '../../../test/harness.js';

let ctx: TestContext;
let manager: string;
let staff: string;
let nurse: string;
beforeAll(async () => {
  ctx = await createTestContext();
  [manager, staff, nurse] = await Promise.all([
    ctx.signIn('manager@maple.example'),
    ctx.signIn('staff@vigil.example'),
    ctx.signIn('nurse@maple.example'),
  ]);
});
afterAll(() => ctx.close());

const url = (domain: string, userId?: string) => `/api/v1/domains/${domain}/accounts${userId ? `/${userId}` : ''}`;
const list = (token: string, domain: string = MAPLE) => ctx.app.inject({ method: 'GET', url: url(domain), headers: bearer(token) });
const invite = (token: string, payload: object, domain: string = MAPLE) =>
  ctx.app.inject({ method: 'POST', url: url(domain), headers: bearer(token), payload: { ...payload, token } });
const change = (token: string, userId: string, roles: string[], domain: string = MAPLE) =>
  ctx.app.inject({ method: 'PUT', url: url(domain, userId), headers: bearer(token), payload: { roles, token } });
const revoke = (token: string, userId: string, domain: string = MAPLE) =>
  ctx.app.inject({ method: 'DELETE', url: url(domain, userId), headers: bearer(token) });
const userId = async (email: string) => (await ctx.access.findUserByEmail(email))!.id;
const rolesAt = async (email: string, domain: string = MAPLE) =>
  (await ctx.access.grantsOf(await userId(email)))
    .filter((g) => g.domain_uuid === domain)
    .map((g) => g.role)
    .sort();
const errorOf = (reply: { json<T>(): T }) => reply.json<{ error: string }>().error;
let fresh = 0;
const newEmail = () => `invitee${(fresh += 1)}.${Date.now().toString(36)}@example.com`;

describe('GET /api/v1/domains/{domainId}/accounts', () => {
  it('lists every account with a role in the building by e-mail, and the roles the caller may give', async () => {
    const reply = await list(manager);
    expect(reply.statusCode).toBe(200);
    const body = reply.json<AccountsReply>();
    expect(body.accounts.map((a) => [a.email, a.roles, a.you])).toEqual([
      ['family@maple.example', ['relative'], false],
      ['manager@maple.example', ['facility-manager'], true],
      ['nurse@maple.example', ['caregiver'], false],
      ['staff@vigil.example', ['staff-admin'], false],
    ]);
    // Nobody without a role here is listed (the newcomer has none anywhere).
    expect(body.accounts.some((a) => a.email === 'newcomer@maple.example')).toBe(false);
    expect(Object.fromEntries(body.roles.map((r) => [r.name, r.assignable]))).toEqual({
      caregiver: true,
      'facility-manager': true,
      relative: true,
      'staff-admin': false,
    });
    const asStaff = (await list(staff)).json<AccountsReply>();
    expect(asStaff.roles.every((r) => r.assignable)).toBe(true);
  });

  it('needs a session (401), account/find_all or view_all (403), and rights in that very building (403 like an unknown one)', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: url(MAPLE) })).statusCode).toBe(401);
    const refused = await list(nurse);
    expect(refused.statusCode).toBe(403);
    // The nurse may list accounts nowhere: refused before the building is even looked at.
    expect(errorOf(refused)).toBe('You do not have account/find_all or account/view_all access in any building.');
    const unknown = await list(manager, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(403);
    expect(errorOf(unknown)).toBe('You do not have account/find_all or account/view_all access in this domain.');
    expect((await list(nurse, BIRCH)).json()).toEqual((await list(nurse, '00000000-0000-4000-8000-000000000000')).json());
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/domains/not-a-uuid/accounts', headers: bearer(manager) })).statusCode).toBe(
      400,
    );
  });
});

describe('POST /api/v1/domains/{domainId}/accounts', () => {
  it('creates the account, who can then sign in and see the building with the role’s entitlements', async () => {
    const email = newEmail();
    const reply = await invite(manager, { email: `  ${email.toUpperCase()} `, role: 'caregiver', display_name: 'Ivy Invitee' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json<{ account: Account }>().account).toMatchObject({
      email,
      display_name: 'Ivy Invitee',
      roles: ['caregiver'],
      you: false,
    });

    const token = await ctx.signIn(email);
    const domains = await ctx.app.inject({ method: 'POST', url: '/api/v4/domains', headers: bearer(token), payload: { token } });
    expect(domains.json<{ domains: { uuid: string }[] }>().domains.map((d) => d.uuid)).toEqual([MAPLE]);
    const entitlements = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me/entitlements', headers: bearer(token) });
    expect(entitlements.json<EntitlementsReply>().entitlementsByDomain).toEqual({
      [MAPLE]: {
        alerting: ['pin_dismiss_alert', 'receive_er_alerts', 'view_historic'],
        faces: ['find_resident'],
        video: ['view_historic', 'view_live'],
      },
    });
    expect((await list(manager)).json<AccountsReply>().accounts.map((a) => a.email)).toContain(email);
  });

  it('gives an existing account a further role, and refuses one it already holds (409)', async () => {
    const added = await invite(manager, { email: 'nurse@maple.example', role: 'relative' });
    expect(added.json<{ account: Account }>().account.roles).toEqual(['caregiver', 'relative']);
    const again = await invite(manager, { email: 'nurse@maple.example', role: 'caregiver' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe('nurse@maple.example already holds caregiver in this building.');
    await change(manager, await userId('nurse@maple.example'), ['caregiver']);
  });

  it('refuses a bad e-mail, an unknown role and a role above the caller’s own (400), saying why', async () => {
    const bad = await invite(manager, { email: 'not an e-mail', role: 'caregiver' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toContain('Enter an e-mail address such as name@example.com.');
    const unknown = await invite(manager, { email: newEmail(), role: 'janitor' });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toBe('There is no role "janitor".');

    const email = newEmail();
    const above = await invite(manager, { email, role: 'staff-admin' });
    expect(above.statusCode).toBe(400);
    expect(errorOf(above)).toBe('Only internal staff may give staff-admin: it carries the staff service.');
    expect(await ctx.access.findUserByEmail(email), 'no account is made for a refused invitation').toBeUndefined();

    // A role with an operation the manager lacks (not staff): the message names it.
    await ctx.database.db
      .transaction()
      .execute((trx) =>
        ctx.access.defineRole(trx, { name: 'trainer', description: 'Trains models', operations: { faces: ['train_model'] } }),
      );
    const lacking = await invite(manager, { email, role: 'trainer' });
    expect(lacking.statusCode).toBe(400);
    expect(errorOf(lacking)).toBe('You may not give trainer: it carries faces/train_model, which you do not hold in this building.');
  });

  it('gives a role with the staff service only from staff and only to an e-mail on the internal domain', async () => {
    const outsider = await invite(staff, { email: newEmail(), role: 'staff-admin' });
    expect(outsider.statusCode).toBe(400);
    expect(errorOf(outsider)).toBe('staff-admin carries the staff service, which only e-mails at @vigil.example may hold.');
    const colleague = `colleague.${Date.now().toString(36)}@vigil.example`;
    expect((await invite(staff, { email: colleague, role: 'staff-admin' })).statusCode).toBe(200);
    expect(await rolesAt(colleague)).toEqual(['staff-admin']);
  });

  it('needs account/add or account/create in that building (403), and never changes the caller’s own access (409)', async () => {
    expect((await invite(nurse, { email: newEmail(), role: 'relative' })).statusCode).toBe(403);
    expect((await invite(nurse, { email: newEmail(), role: 'relative' }, BIRCH)).statusCode).toBe(403);
    const self = await invite(manager, { email: 'manager@maple.example', role: 'relative' });
    expect(self.statusCode).toBe(409);
    expect(errorOf(self)).toBe(ACCOUNT_MESSAGES.ownAccess);
  });
});

describe('PUT /api/v1/domains/{domainId}/accounts/{userId}', () => {
  it('sets the roles held from now on, and a refused change changes nothing', async () => {
    const email = newEmail();
    const id = (await invite(manager, { email, role: 'caregiver' })).json<{ account: Account }>().account.user_id;
    const changed = await change(manager, id, ['relative']);
    expect(changed.statusCode).toBe(200);
    expect(changed.json<{ account: Account }>().account.roles).toEqual(['relative']);
    expect(await rolesAt(email)).toEqual(['relative']);

    // One role refused (staff-admin) means none of the others is applied either.
    const refused = await change(manager, id, ['caregiver', 'staff-admin']);
    expect(refused.statusCode).toBe(400);
    expect((await change(manager, id, ['caregiver', 'nope'])).statusCode).toBe(400);
    expect(await rolesAt(email)).toEqual(['relative']);
    expect((await change(manager, id, [])).statusCode, 'revoking everything is DELETE').toBe(400);
  });

  it('applies the changes in one transaction: a failing grant leaves the revoked role in place', async () => {
    const email = newEmail();
    await invite(manager, { email, role: 'caregiver' });
    const id = await userId(email);
    await expect(
      ctx.transaction((trx) => ctx.access.changeRoles(trx, id, MAPLE, { revoke: ['caregiver'], grant: ['no-such-role'] })),
    ).rejects.toThrow();
    expect(await rolesAt(email)).toEqual(['caregiver']);
  });

  it('refuses to take a role the caller could not give, the caller’s own roles, and accounts not in the building', async () => {
    const staffId = await userId('staff@vigil.example');
    const above = await change(manager, staffId, ['caregiver']);
    expect(above.statusCode).toBe(400);
    expect(errorOf(above)).toBe('Only internal staff may take staff-admin: it carries the staff service.');
    expect(await rolesAt('staff@vigil.example')).toEqual(['staff-admin']);

    const self = await change(manager, await userId('manager@maple.example'), ['caregiver']);
    expect(self.statusCode).toBe(409);
    expect(errorOf(self)).toBe(ACCOUNT_MESSAGES.ownAccess);
    expect((await change(manager, await userId('newcomer@maple.example'), ['caregiver'])).statusCode).toBe(404);
    expect((await change(manager, '00000000-0000-4000-8000-000000000000', ['caregiver'])).statusCode).toBe(404);
    expect((await change(manager, await userId('nurse@maple.example'), ['relative'], BIRCH)).statusCode).toBe(404);
    expect((await change(nurse, await userId('family@maple.example'), ['caregiver'])).statusCode).toBe(403);
  });
});

describe('DELETE /api/v1/domains/{domainId}/accounts/{userId}', () => {
  it('revokes every role in the building: access ends, live video there ends at once, other buildings stay', async () => {
    const email = newEmail();
    await invite(manager, { email, role: 'caregiver' });
    await invite(manager, { email, role: 'relative' }, BIRCH);
    const id = await userId(email);
    const token = await ctx.signIn(email);
    const camera = (await ctx.database.db.selectFrom('cameras').select('uuid').where('domain_uuid', '=', MAPLE).executeTakeFirstOrThrow())
      .uuid;
    await ctx.database.db
      .insertInto('live_leases')
      .values({ id_hash: `lease-${id}`, camera_uuid: camera, user_id: id, expires_at: ctx.clock.now() + 60_000 })
      .execute();

    const reply = await revoke(manager, id);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ ok: true, revoked: ['caregiver'] });
    expect(await ctx.database.db.selectFrom('live_leases').select('id_hash').where('user_id', '=', id).execute()).toEqual([]);
    const entitlements = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me/entitlements', headers: bearer(token) });
    expect(Object.keys(entitlements.json<EntitlementsReply>().entitlementsByDomain)).toEqual([BIRCH]);
    expect((await list(manager)).json<AccountsReply>().accounts.map((a) => a.email)).not.toContain(email);
    expect((await revoke(manager, id)).statusCode, 'nothing left to revoke here').toBe(404);
  });

  it('needs account/delete, refuses the caller’s own access and roles above the caller’s', async () => {
    expect((await revoke(nurse, await userId('family@maple.example'))).statusCode).toBe(403);
    const self = await revoke(manager, await userId('manager@maple.example'));
    expect(self.statusCode).toBe(409);
    expect((await revoke(manager, await userId('staff@vigil.example'))).statusCode).toBe(400);
    expect(await rolesAt('staff@vigil.example')).toEqual(['staff-admin']);
  });
});
