import type { AuditEntry, ConsentInput, ConsentRecord, ConsentSetting, Face, FaceInfo } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIRCH, MAPLE, bearer, createTestContext, type TestContext } from '../../../test/harness.js';

// Consent to recognition through the API (issue 27): recorded with a person's add or edit, its history, bad answers
// refused with nothing written, who may read and record it, the audit entry of each change, and the building's setting.
let ctx: TestContext;
let manager: string;
let nurse: string;
let family: string;
let birchOnly: string;

const resident = (overrides: Partial<FaceInfo> = {}): FaceInfo => ({
  first_name: 'Consent',
  last_name: 'Resident',
  role: 'resident',
  gender: 'female',
  complexion: 'Other',
  room_number: '12',
  elopement_risk: false,
  ...overrides,
});
const byDaughter: ConsentInput = {
  state: 'given',
  given_by: 'representative',
  representative: 'Jane Doe (daughter)',
  purposes: ['recognition', 'alerts'],
  note: 'Signed form in the paper file',
};

const add = (face_info: FaceInfo, consent?: unknown, token = manager) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v6/faces',
    headers: bearer(token),
    payload: { domain_uuid: MAPLE, face_info, ...(consent !== undefined && { consent }) },
  });
const edit = (id: string, face_info: FaceInfo, consent?: unknown, token = manager) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/v6/faces/${id}`,
    headers: bearer(token),
    payload: { face_info, ...(consent !== undefined && { consent }) },
  });
const added = async (face_info: FaceInfo, consent?: unknown) => {
  const reply = await add(face_info, consent);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ frontend_face_uuid: string }>().frontend_face_uuid;
};
const consents = (id: string, token = manager) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/faces/${id}/consents`, headers: bearer(token) });
const historyOf = async (id: string) => {
  const reply = await consents(id);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ consents: ConsentRecord[] }>().consents;
};
const personOf = async (id: string) => {
  const reply = await ctx.app.inject({ method: 'GET', url: `/api/v6/faces/${id}`, headers: bearer(manager) });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ face: Face }>().face;
};
const listed = async (id: string) => {
  const reply = await ctx.app.inject({ method: 'GET', url: `/api/v6/faces?domain_uuid=${MAPLE}`, headers: bearer(manager) });
  return reply.json<{ faces: Face[] }>().faces.find((f) => f.frontend_face_uuid === id);
};
const audited = async (action: 'changed_consent' | 'changed_privacy', subject?: string) => {
  const reply = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/audit?domain_uuid=${MAPLE}&action=${action}`,
    headers: bearer(manager),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ entries: AuditEntry[] }>().entries.filter((e) => subject === undefined || e.subject === subject);
};
const setting = (required: unknown, token = manager, domain = MAPLE) =>
  ctx.app.inject({ method: 'PUT', url: '/api/v1/privacy/consent', headers: bearer(token), payload: { domain_uuid: domain, required } });
const consentRows = async () => (await ctx.database.db.selectFrom('face_consents').select('seq').execute()).length;

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.signIn('manager@maple.example');
  nurse = await ctx.signIn('nurse@maple.example');
  family = await ctx.signIn('family@maple.example');
  const user = await ctx.access.ensureUser('birch.consent@maple.example', 'Birch Consent');
  await ctx.access.grant(user.id, BIRCH, 'facility-manager');
  birchOnly = await ctx.signIn('birch.consent@maple.example');
});
afterAll(() => ctx.close());

describe('recording consent with a person', () => {
  it('records the answer given when the person is added: shown in the list and details, with its history and one audit entry', async () => {
    const id = await added(resident(), byDaughter);
    expect((await listed(id))?.consent).toEqual({ state: 'given', purposes: ['recognition', 'alerts'] });
    expect((await personOf(id)).consent).toEqual({ state: 'given', purposes: ['recognition', 'alerts'] });
    expect(await historyOf(id)).toEqual([
      {
        state: 'given',
        given_by: 'representative',
        representative: 'Jane Doe (daughter)',
        purposes: ['recognition', 'alerts'],
        note: 'Signed form in the paper file',
        recorded_by: 'manager@maple.example',
        recorded_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      },
    ]);
    const entries = await audited('changed_consent', id);
    expect(entries).toHaveLength(1);
    // What was answered, by whom and for what: never the representative's name or the note.
    expect(entries[0]).toMatchObject({
      user_email: 'manager@maple.example',
      detail: { state: 'given', given_by: 'representative', purposes: 'recognition,alerts' },
    });
    expect(JSON.stringify(entries[0]!.detail)).not.toMatch(/Jane|paper/);
  });

  it('shows no consent for a person added without one, and records each new answer of an edit (newest first), once', async () => {
    const id = await added(resident({ first_name: 'Later' }));
    expect((await personOf(id)).consent).toBeNull();
    expect(await historyOf(id)).toEqual([]);

    expect(
      (await edit(id, resident({ first_name: 'Later' }), { state: 'given', given_by: 'person', purposes: ['recognition'] })).statusCode,
    ).toBe(200);
    expect(
      (await edit(id, resident({ first_name: 'Later' }), { state: 'refused', given_by: 'person', note: 'Changed her mind' })).statusCode,
    ).toBe(200);
    expect((await listed(id))?.consent).toEqual({ state: 'refused', purposes: [] });
    const history = await historyOf(id);
    expect(history.map((c) => [c.state, c.purposes, c.note])).toEqual([
      ['refused', [], 'Changed her mind'],
      ['given', ['recognition'], null],
    ]);

    // The same answer again, or an edit without one: nothing recorded, nothing audited; the answer stays.
    const before = await consentRows();
    expect(
      (await edit(id, resident({ first_name: 'Later' }), { state: 'refused', given_by: 'person', note: 'Changed her mind' })).statusCode,
    ).toBe(200);
    expect((await edit(id, resident({ first_name: 'Later', room_number: '14' }))).statusCode).toBe(200);
    expect(await consentRows()).toBe(before);
    expect((await personOf(id)).consent).toEqual({ state: 'refused', purposes: [] });
    expect((await personOf(id)).room).toBe('14');
    expect(await audited('changed_consent', id)).toHaveLength(2);
  });

  it('refuses a bad answer with a message, and writes nothing (no person, no answer, no change)', async () => {
    const id = await added(resident({ first_name: 'Valid' }), { state: 'given', given_by: 'person', purposes: ['recognition'] });
    const people = (await ctx.database.db.selectFrom('faces').select('uuid').execute()).length;
    const rows = await consentRows();
    const cases: [unknown, string][] = [
      [
        { state: 'given', given_by: 'representative', purposes: ['recognition'] },
        'consent.representative: name the representative who answered',
      ],
      [{ state: 'given', given_by: 'person', purposes: [] }, 'consent.purposes: a consent covers recognition, alerts or both'],
      [{ state: 'perhaps', given_by: 'person' }, "consent.state: 'given' or 'refused'"],
      [{ state: 'given', given_by: 'person', purposes: ['marketing'] }, "consent.purposes: 'recognition' or 'alerts'"],
      [{ state: 'refused', given_by: 'person', note: 'x'.repeat(501) }, 'consent.note: at most 500 characters'],
      [{ state: 'refused', given_by: 'representative', representative: 'y'.repeat(201) }, 'consent.representative: at most 200 characters'],
    ];
    for (const [consent, message] of cases) {
      const onAdd = await add(resident({ first_name: 'Refused' }), consent);
      expect(onAdd.statusCode, onAdd.body).toBe(400);
      expect(onAdd.json<{ error: string }>().error).toContain(message);
      const onEdit = await edit(id, resident({ first_name: 'Changed' }), consent);
      expect(onEdit.statusCode, onEdit.body).toBe(400);
      expect(onEdit.json<{ error: string }>().error).toContain(message);
    }
    expect((await ctx.database.db.selectFrom('faces').select('uuid').execute()).length).toBe(people);
    expect(await consentRows()).toBe(rows);
    expect(await personOf(id)).toMatchObject({ first_name: 'Valid', consent: { state: 'given', purposes: ['recognition'] } });
  });

  it('shows and records answers only for those who may see and change the person', async () => {
    const id = await added(resident({ first_name: 'Private' }), { state: 'given', given_by: 'person', purposes: ['recognition'] });
    // A caregiver sees residents (and their answers), but may not change them.
    expect((await consents(id, nurse)).statusCode).toBe(200);
    const byNurse = await edit(id, resident({ first_name: 'Private' }), { state: 'refused', given_by: 'person' }, nurse);
    expect(byNurse.statusCode).toBe(403);
    expect(byNurse.json()).toMatchObject({ error: 'You do not have faces/add access in any building.' });
    // Another building's manager: no such person; a relative cannot read faces at all.
    expect((await consents(id, birchOnly)).statusCode).toBe(404);
    expect((await edit(id, resident({ first_name: 'Private' }), { state: 'refused', given_by: 'person' }, birchOnly)).statusCode).toBe(404);
    expect((await consents(id, family)).statusCode).toBe(403);
    expect((await consents('not-a-uuid')).statusCode).toBe(400);
    expect((await consents('f0ce0001-0000-4000-8000-0000000fffff')).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/faces/${id}/consents` })).statusCode).toBe(401);
    expect(await historyOf(id)).toHaveLength(1);
  });
});

describe("the building's setting", () => {
  const read = (token = manager, domain = MAPLE) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/privacy/consent?domain_uuid=${domain}`, headers: bearer(token) });

  it('is off by default, changed with faces/edit, audited when it changes', async () => {
    expect((await read()).json<ConsentSetting>()).toEqual({ ok: true, domain_uuid: MAPLE, required: false });
    expect((await read(nurse)).statusCode).toBe(200);
    const on = await setting(true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ ok: true, domain_uuid: MAPLE, required: true });
    expect((await read()).json<ConsentSetting>().required).toBe(true);
    // Again: nothing changes, nothing more is audited.
    expect((await setting(true)).statusCode).toBe(200);
    const entries = await audited('changed_privacy');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ user_email: 'manager@maple.example', detail: { consent_required: true } });
    expect((await setting(false)).json<ConsentSetting>().required).toBe(false);
    expect(await audited('changed_privacy')).toHaveLength(2);
  });

  it('refuses callers without faces/edit there, and bad bodies, changing nothing', async () => {
    expect((await setting(true, nurse)).statusCode).toBe(403);
    expect((await setting(true, family)).statusCode).toBe(403);
    const foreign = await setting(true, birchOnly);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ error: 'You do not have faces/edit access in this domain.' });
    expect((await read(family)).statusCode).toBe(403);
    expect((await read(birchOnly)).statusCode).toBe(403);
    const bad = await setting('yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toContain('required: true or false');
    expect(
      (await ctx.app.inject({ method: 'PUT', url: '/api/v1/privacy/consent', payload: { domain_uuid: MAPLE, required: true } })).statusCode,
    ).toBe(401);
    expect((await read()).json<ConsentSetting>().required).toBe(false);
    expect(await audited('changed_privacy')).toHaveLength(2);
  });
});
