import { randomUUID } from 'node:crypto';
import type { Report, ReportSummary } from '@vigil/contract';
import { cellText } from '@vigil/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BIRCH, MAPLE, bearer, createTestContext, detectorKey, type TestContext } from '../../../test/harness.js';
import { EXIT, MARGARET } from '../../../test/demo-ids.js';
import { jpegBytes } from '../../../test/pictures.js';

let ctx: TestContext;
let manager: string;
let caregiver: string;
let birchOnly: string;
let key: string;
const T0 = Date.now() - 20 * 60_000;
const HOLDER = 'UNIT7-TAILGATE01';
/** A face crop the detector sends (a 48×48 JPEG): the reports show it. */
let CROP = '';
const INJECTED = 'UNIT9-INJECTION1';

const embedding = (axis: number) => {
  const v = new Float32Array(64);
  v[axis] = 1;
  return Buffer.from(v.buffer).toString('base64');
};
const face = (at: number, axis: number, person: string | null = null, confidence = 0.3) => ({
  runtime_face_uuid: randomUUID(),
  camera_uuid: EXIT,
  captured_at: new Date(at).toISOString(),
  frontend_face_uuid: person,
  confidence,
  face_confidence: 0.95,
  embedding: embedding(axis),
  embedder: 'test-embedder-1',
  crop: CROP,
});
const tap = (source: string, at: number, id: string, name: string) => ({
  source_id: source,
  at: new Date(at).toISOString(),
  access_point: { id: 'front-door', description: 'Front Entrance door', camera_uuid: EXIT },
  identity: { id, name, unit: '7', role: 'tor' },
  credential: { id: `card-${id}` },
});
const create = (body: object, token = manager) =>
  ctx.app.inject({ method: 'POST', url: '/api/reports/v1/reports', headers: bearer(token), payload: body });
const period = {
  start: new Date(T0 - 60_000).toISOString().replace(/\.\d+Z$/, 'Z'),
  end: new Date(T0 + 5 * 60_000).toISOString().replace(/\.\d+Z$/, 'Z'),
};

beforeAll(async () => {
  ctx = await createTestContext();
  CROP = (await jpegBytes(48)).toString('base64');
  manager = await ctx.signIn('manager@maple.example');
  caregiver = await ctx.signIn('nurse@maple.example');
  const user = await ctx.access.ensureUser('admin@birch.example', 'Bea Birch');
  await ctx.access.grant(user.id, BIRCH, 'facility-manager');
  birchOnly = await ctx.signIn('admin@birch.example');
  key = await detectorKey(ctx, manager, MAPLE, 'door controller');
  // A tap followed by two different people (tailgating); a tap 2 minutes later by a name that is a spreadsheet formula,
  // whose door face is Margaret, named by the analyzer (badge sharing, and a mismatch).
  // The door faces first: the taps are long due, and the evaluator (every 5 s) may look at them as soon as they come.
  const faces = [face(T0 + 1_000, 1), face(T0 + 2_000, 20), face(T0 + 121_000, 30, MARGARET, 0.97)];
  expect((await ctx.app.inject({ method: 'POST', url: '/api/ingest/v1/batch', headers: bearer(key), payload: { faces } })).statusCode).toBe(
    200,
  );
  const taps = [tap('t1', T0, HOLDER, 'TOM TAILGATE'), tap('t2', T0 + 120_000, INJECTED, '=HYPERLINK("http://x","y")')];
  expect(
    (
      await ctx.app.inject({
        method: 'POST',
        url: `/api/ingest/v1/access-events?domain_uuid=${MAPLE}`,
        headers: bearer(key),
        payload: { taps },
      })
    ).statusCode,
  ).toBe(200);
  ctx.clock.advance(60_000);
  // The taps' windows have passed: the server's evaluator looks at them.
  await vi.waitFor(
    async () =>
      expect(await ctx.database.db.selectFrom('access_events').select('uuid').where('evaluated_at', 'is', null).execute()).toEqual([]),
    { timeout: 30_000, interval: 200 },
  );
});
afterAll(() => ctx.close());

const list = async (token = manager) =>
  ctx.app.inject({ method: 'GET', url: `/api/reports/v1/reports?domain_uuid=${MAPLE}`, headers: bearer(token) });
const one = async (id: string) => {
  const reply = await ctx.app.inject({
    method: 'GET',
    url: `/api/reports/v1/reports/${id}?domain_uuid=${MAPLE}`,
    headers: bearer(manager),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ ok: true; report: Report }>().report;
};

describe('reports', () => {
  it('lists none at first', async () => {
    expect((await list()).json()).toEqual({ ok: true, reports: [] });
  });

  it('refuses bad requests (400), people without keycard/view_reports and other buildings (403)', async () => {
    expect((await create({ domain_uuid: MAPLE, kind: 'tailgating', start: period.end, end: period.start })).statusCode).toBe(400);
    expect((await create({ domain_uuid: MAPLE, kind: 'nonsense', ...period })).statusCode).toBe(400);
    expect((await create({ domain_uuid: MAPLE, kind: 'tailgating', start: 'yesterday', end: period.end })).statusCode).toBe(400);
    expect((await create({ domain_uuid: MAPLE, kind: 'tailgating', ...period }, caregiver)).statusCode).toBe(403);
    expect((await create({ domain_uuid: MAPLE, kind: 'tailgating', ...period }, birchOnly)).statusCode).toBe(403);
    expect((await list(caregiver)).statusCode).toBe(403);
    expect((await list(birchOnly)).statusCode).toBe(403);
    expect((await list()).json<{ reports: unknown[] }>().reports).toEqual([]);
  });

  it('makes tailgating, sharing and mismatch reports from the taps, with links to the badges and face pictures', async () => {
    // Margaret's alert: acknowledged ("I'm on it") 42 s after it was raised, not dismissed.
    const alert = await ctx.database.db
      .selectFrom('elopement_alerts')
      .selectAll()
      .where('frontend_face_uuid', '=', MARGARET)
      .executeTakeFirstOrThrow();
    ctx.clock.advance(42_000);
    const acknowledged = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/faces/alerts/${alert.alert_id}/acknowledge`,
      headers: bearer(manager),
    });
    ctx.clock.reset();
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    const { acknowledged_at } = await ctx.database.db
      .selectFrom('elopement_alerts')
      .select('acknowledged_at')
      .where('alert_id', '=', alert.alert_id)
      .executeTakeFirstOrThrow();
    const made: Record<string, string> = {};
    for (const kind of ['tailgating', 'badge_sharing', 'credential_mismatch', 'elopement_alerts']) {
      const reply = await create({ domain_uuid: MAPLE, kind, ...period });
      expect(reply.statusCode, reply.body).toBe(200);
      made[kind] = reply.json<{ id: string }>().id;
    }
    const reports = (await list()).json<{ reports: ReportSummary[] }>().reports;
    expect(reports.map((r) => r.metadata.title).sort()).toEqual(['Badge Sharing', 'Credential Mismatch', 'Elopement Alerts', 'Tailgating']);
    const tailgating = await one(made.tailgating!);
    expect(tailgating.values).toHaveLength(1);
    expect(tailgating.values[0]).toMatchObject({ holder: { text: 'TOM TAILGATE', href: `/credential/${HOLDER}` }, people: 2 });
    expect((tailgating.values[0]!.face as { image: string }).image).toMatch(/^\/media\/\d+\.[\w-]+\/frames\/poster\/[0-9a-f-]{36}\.jpg$/);
    const sharing = await one(made.badge_sharing!);
    expect(sharing.values).toHaveLength(1);
    expect(sharing.values[0]).toMatchObject({ holder: { href: `/credential/${INJECTED}` }, seen: 'Margaret Hill' });
    // Both taps had faces that are not their holders'.
    expect((await one(made.credential_mismatch!)).values).toHaveLength(2);
    // Margaret (at elopement risk) named at an exit raised an alert nobody dismissed yet.
    const elopement = await one(made.elopement_alerts!);
    expect(elopement.headers.map((h) => h.title)).toContain('Time to Acknowledge (s)');
    expect(elopement.values).toMatchObject([
      {
        resident: 'Margaret Hill',
        acknowledged_by: 'Morgan Lee',
        seconds_to_acknowledge: Math.round((acknowledged_at! - alert.created_at) / 1000),
        how: 'Not dismissed',
        seconds_to_dismiss: null,
      },
    ]);
    expect(elopement.values[0]!.seconds_to_acknowledge).toBeGreaterThanOrEqual(42);
    // The other building's manager cannot read it.
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/reports/v1/reports/${made.tailgating}?domain_uuid=${BIRCH}`,
      headers: bearer(birchOnly),
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/reports/v1/reports/${made.tailgating}?domain_uuid=${MAPLE}`,
          headers: bearer(birchOnly),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('downloads a report as CSV that parses back to the same rows, a formula neutralised', async () => {
    const id = (await list()).json<{ reports: ReportSummary[] }>().reports.find((r) => r.metadata.kind === 'credential_mismatch')!.id;
    const report = await one(id);
    const reply = await ctx.app.inject({
      method: 'GET',
      url: `/api/reports/v1/reports/${id}?domain_uuid=${MAPLE}&format=csv`,
      headers: bearer(manager),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toMatch(/attachment; filename="credential-mismatch-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(reply.body).toContain('\r\n');
    const rows = parse(reply.body, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(report.values.length);
    const tz = report.metadata.timezone;
    rows.forEach((row, i) => {
      for (const header of report.headers) {
        const cell = report.values[i]![header.key];
        if (header.type === 'image') expect(row[header.title]).toMatch(/^\/api\/v4\/faceimage\/[0-9a-f-]{36}$/);
        else if (typeof cell === 'object' && cell && 'text' in cell && cell.text.startsWith('='))
          expect(row[header.title]).toBe(`'${cell.text}`);
        else expect(row[header.title]).toBe(cellText(cell, header.type, tz));
      }
    });
    expect(rows.some((r) => r['Badge Holder']!.startsWith("'=HYPERLINK"))).toBe(true);
    const audit = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/audit?domain_uuid=${MAPLE}&action=downloaded_report`,
      headers: bearer(manager),
    });
    expect(audit.json<{ entries: { subject: string; detail: Record<string, unknown> }[] }>().entries).toMatchObject([
      { subject: id, detail: { report: 'credential_mismatch', rows: rows.length } },
    ]);
  });
});
