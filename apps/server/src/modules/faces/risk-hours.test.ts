import { RISK_HOURS_MESSAGES, type AuditEntry, type ElopementRiskHours, type Face, type FaceInfo } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE, bearer, createTestContext, type TestContext } from '../../../test/harness.js';
import { unzip } from '../../../test/zip.js';

// A resident's elopement-risk hours through the registry's API (issue 37): taken on add and edit of a resident at risk,
// refused for anyone else with a 400 naming the field, shown to whoever may read the person, audited, exported.
let ctx: TestContext;
let manager: string;
let nurse: string;

const DUSK_TO_DAWN: ElopementRiskHours = {
  days: ['Day'],
  time_range: { mode: 'Between', start: { kind: 'Dusk' }, end: { kind: 'Dawn' } },
};
const WEEKDAY_NIGHTS: ElopementRiskHours = {
  days: ['Weekday'],
  time_range: { mode: 'Between', start: { kind: 'Fixed', time: '21:30' }, end: { kind: 'Dawn' } },
};
const resident = (overrides: Partial<FaceInfo> = {}): FaceInfo => ({
  first_name: 'Hattie',
  last_name: 'Hours',
  role: 'resident',
  gender: 'female',
  complexion: 'Other',
  elopement_risk: true,
  ...overrides,
});

const add = (face_info: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/v6/faces', headers: bearer(manager), payload: { domain_uuid: MAPLE, face_info } });
const edit = (id: string, face_info: unknown) =>
  ctx.app.inject({ method: 'PUT', url: `/api/v6/faces/${id}`, headers: bearer(manager), payload: { face_info } });
const added = async (face_info: FaceInfo) => {
  const reply = await add(face_info);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ frontend_face_uuid: string }>().frontend_face_uuid;
};
const one = async (token: string, id: string) => {
  const reply = await ctx.app.inject({ method: 'GET', url: `/api/v6/faces/${id}`, headers: bearer(token) });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ face: Face }>().face;
};
const listed = async (token: string, id: string) => {
  const reply = await ctx.app.inject({ method: 'GET', url: `/api/v6/faces?domain_uuid=${MAPLE}`, headers: bearer(token) });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ faces: Face[] }>().faces.find((f) => f.frontend_face_uuid === id);
};
const changes = async (subject: string) => {
  const reply = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/audit?domain_uuid=${MAPLE}&action=changed_person`,
    headers: bearer(manager),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply
    .json<{ entries: AuditEntry[] }>()
    .entries.filter((e) => e.subject === subject)
    .map((e) => e.detail)
    .reverse();
};
const storedRows = async () => (await ctx.database.db.selectFrom('faces').select('uuid').execute()).length;

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.signIn('manager@maple.example');
  nurse = await ctx.signIn('nurse@maple.example');
});
afterAll(() => ctx.close());

describe("a resident's elopement-risk hours", () => {
  it('are taken on add and edit, and shown in the person, the list and to a nurse who may read residents', async () => {
    const id = await added(resident({ elopement_risk_hours: DUSK_TO_DAWN }));
    expect((await one(manager, id)).elopement_risk_hours).toEqual(DUSK_TO_DAWN);
    expect((await listed(manager, id))?.elopement_risk_hours).toEqual(DUSK_TO_DAWN);
    expect((await one(nurse, id)).elopement_risk_hours).toEqual(DUSK_TO_DAWN);

    expect((await edit(id, resident({ elopement_risk_hours: WEEKDAY_NIGHTS }))).statusCode).toBe(200);
    expect((await listed(nurse, id))?.elopement_risk_hours).toEqual(WEEKDAY_NIGHTS);
    // Left out: kept. Null: always.
    expect((await edit(id, resident({ room_number: '7' }))).statusCode).toBe(200);
    expect((await one(manager, id)).elopement_risk_hours).toEqual(WEEKDAY_NIGHTS);
    expect((await edit(id, resident({ elopement_risk_hours: null }))).statusCode).toBe(200);
    expect((await one(manager, id)).elopement_risk_hours).toBeNull();
    // Everyone not at risk shows none.
    const calm = await added(resident({ first_name: 'Calm', elopement_risk: false }));
    expect((await one(manager, calm)).elopement_risk_hours).toBeNull();
  });

  it('are refused for a resident not at risk, for other roles and when malformed: 400 naming the field, nothing written', async () => {
    const rows = await storedRows();
    const cases: [unknown, RegExp | string][] = [
      [resident({ elopement_risk: false, elopement_risk_hours: DUSK_TO_DAWN }), RISK_HOURS_MESSAGES.onlyAtRisk],
      [{ ...resident({ role: 'family', elopement_risk: null }), elopement_risk_hours: DUSK_TO_DAWN }, RISK_HOURS_MESSAGES.onlyAtRisk],
      [resident({ elopement_risk_hours: { ...DUSK_TO_DAWN, days: [] } }), /elopement_risk_hours\.days.*Choose at least one day/],
      [resident({ elopement_risk_hours: { ...DUSK_TO_DAWN, days: ['Day', 'Day'] } }), /elopement_risk_hours\.days.*Each day once/],
      [
        resident({
          elopement_risk_hours: {
            days: ['Day'],
            time_range: { mode: 'Between', start: { kind: 'Fixed', time: '7pm' }, end: { kind: 'Dawn' } },
          },
        }),
        /elopement_risk_hours\.time_range.*21:30/,
      ],
      [{ ...resident(), elopement_risk_hours: { days: ['Day'], time_range: { mode: 'Nights' } } }, /elopement_risk_hours\.time_range/],
    ];
    for (const [info, message] of cases) {
      const reply = await add(info);
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json<{ error: string }>().error).toMatch(message);
    }
    expect(await storedRows()).toBe(rows);
    const id = await added(resident({ first_name: 'Kept', elopement_risk_hours: DUSK_TO_DAWN }));
    const refused = await edit(id, resident({ first_name: 'Kept', elopement_risk: false, elopement_risk_hours: WEEKDAY_NIGHTS }));
    expect(refused.statusCode).toBe(400);
    expect((await one(manager, id)).elopement_risk_hours).toEqual(DUSK_TO_DAWN);
  });

  it("are audited with the person's changes, in words, when they change", async () => {
    const id = await added(resident({ first_name: 'Audrey', elopement_risk_hours: DUSK_TO_DAWN }));
    await edit(id, resident({ first_name: 'Audrey', room_number: '9' }));
    await edit(id, resident({ first_name: 'Audrey', elopement_risk_hours: WEEKDAY_NIGHTS }));
    await edit(id, resident({ first_name: 'Audrey', elopement_risk_hours: null }));
    expect(await changes(id)).toEqual([
      { change: 'added', role: 'resident', elopement_risk_hours: 'Dusk to Dawn, every day' },
      { change: 'edited', role: 'resident' },
      { change: 'edited', role: 'resident', elopement_risk_hours: '21:30 to Dawn, weekdays' },
      { change: 'edited', role: 'resident', elopement_risk_hours: 'Always' },
    ]);
  });

  it("are in the person's data export", async () => {
    const id = await added(resident({ first_name: 'Esme', elopement_risk_hours: WEEKDAY_NIGHTS }));
    const reply = await ctx.app.inject({ method: 'GET', url: `/api/v1/faces/${id}/export`, headers: bearer(manager) });
    expect(reply.statusCode).toBe(200);
    const person = JSON.parse((await unzip(reply.rawPayload)).get('person.json')!.toString()) as { registry: object };
    expect(person.registry).toMatchObject({ elopement_risk: true, elopement_risk_hours: WEEKDAY_NIGHTS });
  });
});
