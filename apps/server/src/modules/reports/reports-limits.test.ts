import { REPORTS, type AuditEntry } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIRCH, MAPLE, bearer, createTestContext, detectorKey, type TestContext } from '../../../test/harness.js';
import { EXIT } from '../../../test/demo-ids.js';

// What one user may ask of the reports before 429 (making reports, downloading tenant and unit PDFs), and the audit
// trail of making and reading them, in their own building only.

let ctx: TestContext;
let manager: string;
let staff: string;
const BADGE = 'LIMITS0000000001';
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const period = { start: iso(Date.now() - 3600_000), end: iso(Date.now()) };

const create = (token: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/reports/v1/reports',
    headers: bearer(token),
    payload: { domain_uuid: MAPLE, kind: 'tailgating', ...period },
  });
const pdf = (token: string, format = 'pdf') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/faces/v1/credentials/report?domain_uuid=${MAPLE}&identity_id=${BADGE}&format=${format}`,
    headers: bearer(token),
  });
const audit = async (domain: string, action: string) => {
  const reply = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/audit?domain_uuid=${domain}&action=${action}`,
    headers: bearer(manager),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ entries: AuditEntry[] }>().entries;
};

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.signIn('manager@maple.example');
  staff = await ctx.signIn('staff@vigil.example');
  const key = await detectorKey(ctx, manager, MAPLE, 'door controller');
  const tap = {
    source_id: 'limits-1',
    at: iso(Date.now() - 600_000),
    access_point: { id: 'front-door', description: 'Front door', camera_uuid: EXIT },
    identity: { id: BADGE, name: 'LIMA LIMITS', unit: '1', role: 'tor' },
    credential: { id: 'LIMITS-CARD' },
  };
  const sent = await ctx.app.inject({
    method: 'POST',
    url: `/api/ingest/v1/access-events?domain_uuid=${MAPLE}`,
    headers: bearer(key),
    payload: { taps: [tap] },
  });
  expect(sent.statusCode, sent.body).toBe(200);
});
afterAll(() => ctx.close());

let made: string;

describe('the audit trail of reports', () => {
  it('records generating a report on demand, and reading it, in its building only', async () => {
    const reply = await create(manager);
    expect(reply.statusCode, reply.body).toBe(200);
    made = reply.json<{ id: string }>().id;
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/reports/v1/reports/${made}?domain_uuid=${MAPLE}`,
      headers: bearer(manager),
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(await audit(MAPLE, 'generated_report')).toMatchObject([
      { action: 'generated_report', subject: made, user_email: 'manager@maple.example', detail: { report: 'tailgating', rows: 0 } },
    ]);
    expect(await audit(MAPLE, 'viewed_report')).toMatchObject([
      { action: 'viewed_report', subject: made, user_email: 'manager@maple.example', detail: { report: 'tailgating' } },
    ]);
    expect(await audit(BIRCH, 'generated_report')).toEqual([]);
    expect(await audit(BIRCH, 'viewed_report')).toEqual([]);
  });
});

describe('limits per user', () => {
  it(`makes ${REPORTS.limits.generatePerUser} reports a minute for one user, then answers 429 with a message; others are not held up`, async () => {
    const statuses: number[] = [];
    // One was made above.
    for (let i = 1; i <= REPORTS.limits.generatePerUser; i += 1) statuses.push((await create(manager)).statusCode);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    const refused = await create(manager);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ error: string }>().error).toMatch(
      /^Too many reports asked for: at most 10 a minute each\. Try again in \d+ seconds?\.$/,
    );
    expect((await create(staff)).statusCode).toBe(200);
  });

  it(`downloads ${REPORTS.limits.pdfPerUser} tenant or unit PDFs a minute for one user, then 429; the table is not limited`, async () => {
    for (let i = 0; i < REPORTS.limits.pdfPerUser; i += 1) {
      const reply = await pdf(manager);
      expect(reply.statusCode, reply.body.slice(0, 200)).toBe(200);
      expect(reply.headers['content-type']).toBe('application/pdf');
    }
    const refused = await pdf(manager);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ error: string }>().error).toMatch(
      /^Too many PDF reports asked for: at most 10 a minute each\. Try again in \d+ seconds?\.$/,
    );
    expect((await pdf(manager, 'json')).statusCode).toBe(200);
    expect((await pdf(staff)).statusCode).toBe(200);
  });
});
