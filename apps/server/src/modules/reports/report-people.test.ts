import { randomUUID } from 'node:crypto';
import type { ErasurePreviewReply, Report, ReportSummary } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAPLE, bearer, createTestContext, detectorKey, sendBatch, type TestContext } from '../../../test/harness.js';
import { EXIT } from '../../../test/demo-ids.js';

// Erasure takes report rows out by who they name (the registry person's id, the badge identity's id), never by text:
// "Ann Lee" is erased; "Mary Ann Lee" and a door called "Ann Lee" stay in every report.

let ctx: TestContext;
let manager: string;
let key: string;
let ann: string;
let mary: string;
const T0 = Date.now() - 30 * 60_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const DOOR = { id: 'ann-lee-door', description: 'Ann Lee', camera_uuid: EXIT };
const BADGES = { ann: 'ANNLEE0000000001', mary: 'MARYANNLEE000001', tom: 'TOMOTHER00000001' } as const;

const post = (url: string, payload: object, token = manager) => ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(manager) });

async function addPerson(first: string, last: string, card: string): Promise<string> {
  const info = { first_name: first, last_name: last, role: 'resident', gender: 'female', complexion: 'Other', elopement_risk: true, card };
  const added = await post('/api/v6/faces', { domain_uuid: MAPLE, face_info: info });
  expect(added.statusCode, added.body).toBe(200);
  return added.json<{ frontend_face_uuid: string }>().frontend_face_uuid;
}

const unknownFace = (at: number, axis: number) => {
  const v = new Float32Array(64);
  v[axis] = 1;
  return {
    runtime_face_uuid: randomUUID(),
    camera_uuid: EXIT,
    captured_at: new Date(at).toISOString(),
    frontend_face_uuid: null,
    confidence: 0.3,
    face_confidence: 0.97,
    embedding: Buffer.from(v.buffer).toString('base64'),
    embedder: 'test-embedder-1',
  };
};

const period = { start: iso(T0 - 60_000), end: iso(T0 + 20 * 60_000) };
async function makeReport(kind: string): Promise<string> {
  const reply = await post('/api/reports/v1/reports', { domain_uuid: MAPLE, kind, ...period });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ id: string }>().id;
}
const rowsOf = async (id: string) => {
  const reply = await get(`/api/reports/v1/reports/${id}?domain_uuid=${MAPLE}`);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ report: Report }>().report.values;
};
const holders = (rows: Report['values']) => rows.map((r) => (r.holder as { text: string }).text).sort();

let alertsReport: string;
let mismatchReport: string;

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.signIn('manager@maple.example');
  key = await detectorKey(ctx, manager, MAPLE, 'doors and faces');
  ann = await addPerson('Ann', 'Lee', 'ANN-CARD-1');
  mary = await addPerson('Mary Ann', 'Lee', 'MARY-CARD-1');
  // Each badge is tapped at the door called "Ann Lee"; a stranger's face is at the door each time (a mismatch).
  const taps = [
    { who: 'ann', name: 'Ann Lee', card: 'ANN-CARD-1', at: T0 },
    { who: 'mary', name: 'Mary Ann Lee', card: 'MARY-CARD-1', at: T0 + 120_000 },
    { who: 'tom', name: 'Tom Other', card: 'TOM-CARD-1', at: T0 + 240_000 },
  ] as const;
  // The door faces first: the taps are long due, and the evaluator (every 5 s) may look at them as soon as they come.
  // Both women seen at the exit later on (they are at elopement risk: an alert each), and the strangers at the door.
  const seen = (person: string, at: number) => ({ ...unknownFace(at, 40), frontend_face_uuid: person, confidence: 0.97 });
  const faces = [...taps.map((t, i) => unknownFace(t.at + 1_000, 10 + i)), seen(ann, T0 + 10 * 60_000), seen(mary, T0 + 12 * 60_000)];
  const batch = await sendBatch(ctx, key, { faces });
  expect(batch.statusCode, batch.body).toBe(200);
  expect(batch.json()).toMatchObject({ elopement_alerts: 2 });
  const sent = await post(
    `/api/ingest/v1/access-events?domain_uuid=${MAPLE}`,
    {
      taps: taps.map((t) => ({
        source_id: `tap-${t.who}`,
        at: iso(t.at),
        access_point: DOOR,
        identity: { id: BADGES[t.who], name: t.name, unit: '4', role: 'tor' },
        credential: { id: t.card },
      })),
    },
    key,
  );
  expect(sent.statusCode, sent.body).toBe(200);
  // The taps' windows have passed: the server's evaluator looks at them.
  ctx.clock.advance(60_000);
  await vi.waitFor(
    async () => {
      const left = await ctx.database.db.selectFrom('access_events').select('uuid').where('evaluated_at', 'is', null).execute();
      expect(left).toEqual([]);
    },
    { timeout: 30_000, interval: 200 },
  );
  alertsReport = await makeReport('elopement_alerts');
  mismatchReport = await makeReport('credential_mismatch');
}, 60_000);
afterAll(() => ctx.close());

describe('erasing a person from the stored reports', () => {
  it('the reports name both women and the door called "Ann Lee"', async () => {
    expect((await rowsOf(alertsReport)).map((r) => r.resident).sort()).toEqual(['Ann Lee', 'Mary Ann Lee']);
    const mismatches = await rowsOf(mismatchReport);
    expect(holders(mismatches)).toEqual(['Ann Lee', 'Mary Ann Lee', 'Tom Other']);
    expect(mismatches.every((r) => r.access_point === 'Ann Lee')).toBe(true);
  });

  it("counts only Ann's own rows in the preview: her alert and her badge's tap", async () => {
    const preview = await get(`/api/v1/faces/${ann}/erasure`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<ErasurePreviewReply>().counts).toMatchObject({ badge_identities: 1, report_rows: 2 });
  });

  it("takes out Ann's rows only: Mary Ann Lee's rows and the rows at the door called Ann Lee stay", async () => {
    const erased = await post(`/api/v1/faces/${ann}/erase`, { confirm: 'Ann Lee' });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json<{ receipt: { counts: { report_rows: number } } }>().receipt.counts.report_rows).toBe(2);
    expect((await rowsOf(alertsReport)).map((r) => r.resident)).toEqual(['Mary Ann Lee']);
    const mismatches = await rowsOf(mismatchReport);
    expect(holders(mismatches)).toEqual(['Mary Ann Lee', 'Tom Other']);
    expect(mismatches.map((r) => r.access_point)).toEqual(['Ann Lee', 'Ann Lee']);
    const list = (await get(`/api/reports/v1/reports?domain_uuid=${MAPLE}`)).json<{ reports: ReportSummary[] }>().reports;
    expect(Object.fromEntries(list.map((r) => [r.id, r.metadata.rows]))).toEqual({ [alertsReport]: 1, [mismatchReport]: 2 });
    // Mary is still there to erase, and her rows are still hers.
    expect((await get(`/api/v1/faces/${mary}/erasure`)).json<ErasurePreviewReply>().counts.report_rows).toBe(2);
  });
});
