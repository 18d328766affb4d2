import { faceInfoSchema, ingestBatchSchema, zonedDayStart, zonedParts, type ElopementRiskHours, type FaceInfo } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../auth/principal.js';
import type { DetectorRow } from '../../db/schema.js';
import { MAPLE } from '../../../test/harness.js';
import { EXIT } from '../../../test/demo-ids.js';
import { jpegBytes } from '../../../test/pictures.js';
import { createServiceContext, type ServiceContext } from '../../../test/service-context.js';

// A resident's elopement risk limited to times (issue 37): ingest raises an elopement alert only when the risk holds at
// the face's capture time, in the building's time zone and at its place (Maple: New York, 40.75 N 73.99 W).

let ctx: ServiceContext;
let detector: DetectorRow;
let manager: Principal;
beforeAll(async () => {
  ctx = await createServiceContext();
  detector = (await ctx.detectors.issue(MAPLE, 'risk hours test', ['detector'], null)).detector;
  manager = await ctx.principal('manager@maple.example');
});
afterAll(() => ctx.close());

const ZONE = 'America/New_York';
const DUSK_TO_DAWN: ElopementRiskHours = {
  days: ['Day'],
  time_range: { mode: 'Between', start: { kind: 'Dusk' }, end: { kind: 'Dawn' } },
};
const NIGHTS: ElopementRiskHours = {
  days: ['Day'],
  time_range: { mode: 'Between', start: { kind: 'Fixed', time: '22:00' }, end: { kind: 'Fixed', time: '06:00' } },
};

const resident = (first_name: string, overrides: Partial<FaceInfo> = {}): FaceInfo => ({
  first_name,
  last_name: 'Nightly',
  role: 'resident',
  gender: 'female',
  complexion: 'Other',
  elopement_risk: true,
  ...overrides,
});
const add = async (info: FaceInfo) => (await ctx.registry.add(manager, MAPLE, faceInfoSchema.parse(info))).frontend_face_uuid;
const edit = (uuid: string, info: FaceInfo) => ctx.registry.edit(manager, uuid, faceInfoSchema.parse(info));
const hoursOf = async (uuid: string) => (await ctx.registry.one(manager, uuid)).face.elopement_risk_hours;

/** A local wall-clock time at Maple `daysAgo` local days before today ('HH:mm'); past, as a detector reports faces. */
const mapleTime = (daysAgo: number, time: string) => {
  const today = zonedParts(ctx.clock.now(), ZONE);
  const day = new Date(Date.UTC(today.year, today.month - 1, today.day - daysAgo)).toISOString().slice(0, 10);
  return zonedDayStart(day, ZONE) + (Number(time.slice(0, 2)) * 60 + Number(time.slice(3))) * 60_000;
};
const seenAtExit = async (person: string, at: number) => {
  const reply = await ctx.ingest.ingest(
    detector,
    ingestBatchSchema.parse({
      faces: [{ camera_uuid: EXIT, captured_at: new Date(at).toISOString(), frontend_face_uuid: person, confidence: 0.95 }],
    }),
  );
  return reply.elopement_alerts;
};

describe('a resident at risk only between Dusk and Dawn', () => {
  it('seen at an exit at noon raises no alert; at midnight, one', async () => {
    const nora = await add(resident('Nora', { elopement_risk_hours: DUSK_TO_DAWN }));
    expect(await hoursOf(nora)).toEqual(DUSK_TO_DAWN);
    expect(await seenAtExit(nora, mapleTime(5, '12:00'))).toBe(0);
    // Midnight after that day (the start of the next local day): dark at any season in New York.
    expect(await seenAtExit(nora, mapleTime(4, '00:00'))).toBe(1);
    const stored = await ctx.database.db.selectFrom('elopement_alerts').select('event_ts').where('frontend_face_uuid', '=', nora).execute();
    expect(stored.map((a) => a.event_ts)).toEqual([mapleTime(4, '00:00')]);
  });

  it('reads the hours in the building’s time zone: 21:30 in New York is before 22:00, whatever UTC says', async () => {
    const iris = await add(resident('Iris', { elopement_risk_hours: NIGHTS }));
    // 21:30 New York is 01:30 or 02:30 UTC, inside 22:00–06:00 were the hours read in UTC.
    expect(await seenAtExit(iris, mapleTime(6, '21:30'))).toBe(0);
    expect(await seenAtExit(iris, mapleTime(6, '22:30'))).toBe(1);
    expect(await seenAtExit(iris, mapleTime(5, '05:30'))).toBe(1);
    expect(await seenAtExit(iris, mapleTime(5, '06:30'))).toBe(0);
  });

  it('holds only on its days', async () => {
    const day = zonedParts(mapleTime(7, '12:00'), ZONE).weekday;
    const names = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
    const ruth = await add(resident('Ruth', { elopement_risk_hours: { days: [names[day]!], time_range: { mode: 'All Day' } } }));
    expect(await seenAtExit(ruth, mapleTime(8, '12:00'))).toBe(0);
    expect(await seenAtExit(ruth, mapleTime(7, '12:00'))).toBe(1);
  });
});

describe("a resident's elopement-risk hours in the registry", () => {
  it('stay when a change leaves them out, go back to always on null, and go when the risk does', async () => {
    const vera = await add(resident('Vera', { elopement_risk_hours: DUSK_TO_DAWN }));
    await edit(vera, resident('Vera', { room_number: '12' }));
    expect(await hoursOf(vera)).toEqual(DUSK_TO_DAWN);
    await edit(vera, resident('Vera', { elopement_risk_hours: null }));
    expect(await hoursOf(vera)).toBeNull();
    // Always again: seen at noon, an alert.
    expect(await seenAtExit(vera, mapleTime(9, '12:00'))).toBe(1);

    await edit(vera, resident('Vera', { elopement_risk_hours: NIGHTS }));
    await edit(vera, resident('Vera', { elopement_risk: false, elopement_risk_hours: null }));
    const row = await ctx.database.db
      .selectFrom('faces')
      .select(['elopement_risk', 'elopement_risk_hours'])
      .where('uuid', '=', vera)
      .executeTakeFirst();
    expect(row).toEqual({ elopement_risk: 0, elopement_risk_hours: null });
    // At risk again, without hours sent: always (the old hours went with the risk).
    await edit(vera, resident('Vera'));
    expect(await hoursOf(vera)).toBeNull();
  });

  it('store every day, all day as always', async () => {
    const otto = await add(resident('Otto', { gender: 'male', elopement_risk_hours: { days: ['Day'], time_range: { mode: 'All Day' } } }));
    expect(await hoursOf(otto)).toBeNull();
    const row = await ctx.database.db.selectFrom('faces').select('elopement_risk_hours').where('uuid', '=', otto).executeTakeFirst();
    expect(row?.elopement_risk_hours).toBeNull();
  });

  it('are kept when a photo is set from the command line', async () => {
    const pia = await add(resident('Pia', { elopement_risk_hours: NIGHTS }));
    await ctx.writer.setPhoto(pia, 'front', (await jpegBytes(320)).toString('base64'));
    expect(await hoursOf(pia)).toEqual(NIGHTS);
  });
});
