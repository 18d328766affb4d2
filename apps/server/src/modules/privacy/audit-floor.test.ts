import { RETENTION, type PrivacyReply } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE, bearer, createTestContext, type TestContext } from '../../../test/harness.js';
import { auditRetentionMinDays } from '../../config.js';
import { createRepositories } from '../../repositories.js';
import { standaloneRetention } from './privacy.wiring.js';

// The audit trail's floor (issue 36): a building administrator could set the audit period to 1 day and so erase their
// own actions at the next sweep. It is kept at least a year; this installation raises that to 400 days
// (VIGIL_AUDIT_RETENTION_MIN_DAYS). On both engines.
const FLOOR = 400;
let ctx: TestContext;
let manager: string;

beforeAll(async () => {
  ctx = await createTestContext({ VIGIL_AUDIT_RETENTION_MIN_DAYS: String(FLOOR), VIGIL_RETENTION_SWEEP_MINUTES: 'off' });
  manager = await ctx.signIn('manager@maple.example');
});
afterAll(() => ctx.close());

const put = (payload: object) => ctx.app.inject({ method: 'PUT', url: '/api/v1/privacy', headers: bearer(manager), payload });
const privacy = async () => {
  const reply = await ctx.app.inject({ method: 'GET', url: `/api/v1/privacy?domain_uuid=${MAPLE}`, headers: bearer(manager) });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<PrivacyReply>();
};
const period = async (category: 'audit' | 'detections') => (await privacy()).retention.find((r) => r.category === category)!;
const stored = async () =>
  (await ctx.database.db.selectFrom('domain_privacy').select('retention').where('domain_uuid', '=', MAPLE).executeTakeFirst())?.retention;
const changes = async () =>
  (
    await ctx.database.db
      .selectFrom('audit_log')
      .select('seq')
      .where('action', '=', 'changed_privacy')
      .where('domain_uuid', '=', MAPLE)
      .execute()
  ).length;

describe('the audit trail’s floor', () => {
  it('refuses a building period below it (400 naming the floor) and changes nothing, the other periods asked for included', async () => {
    const before = { stored: await stored(), changes: await changes(), detections: await period('detections') };
    for (const audit of [1, 364, FLOOR - 1]) {
      const reply = await put({ domain_uuid: MAPLE, retention: { detections: 60, audit } });
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json<{ error: string }>().error).toBe(
        `The audit trail is kept at least ${FLOOR} days on this installation: ${audit} days is too short. Nothing was changed.`,
      );
    }
    expect(await stored()).toBe(before.stored);
    expect(await changes()).toBe(before.changes);
    expect(await period('detections')).toEqual(before.detections);
  });

  it('takes the floor itself or more, and shows the floor with each period', async () => {
    expect(await period('audit')).toMatchObject({ days: 730, source: 'default', min_days: FLOOR });
    expect(await period('detections')).toMatchObject({ min_days: RETENTION.minDays });
    const reply = await put({ domain_uuid: MAPLE, retention: { audit: FLOOR } });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await period('audit')).toMatchObject({ days: FLOOR, source: 'building', min_days: FLOOR });
  });

  it('treats a stored period below it (set before the floor was raised) as the floor: shown so, and the sweep keeps what it covers', async () => {
    await ctx.database.db
      .updateTable('domain_privacy')
      .set({ retention: JSON.stringify({ audit: 30 }) })
      .where('domain_uuid', '=', MAPLE)
      .execute();
    expect(await period('audit')).toMatchObject({ days: FLOOR, source: 'floor', min_days: FLOOR });
    const audit = createRepositories(ctx.database, ctx.clock).audit;
    const entry = async (days: number) => {
      const subject = `floor-${days}`;
      await audit.append([
        {
          at: ctx.clock.now() - days * RETENTION.dayMs,
          user_id: null,
          user_email: 'manager@maple.example',
          domain_uuid: MAPLE,
          action: 'changed_privacy',
          camera_uuid: null,
          subject,
          detail: null,
          address: null,
        },
      ]);
      return subject;
    };
    const [recent, older, oldest] = [await entry(31), await entry(FLOOR - 1), await entry(FLOOR + 1)];
    await standaloneRetention(ctx.database, ctx.config, ctx.clock).sweep.run();
    const kept = (await ctx.database.db.selectFrom('audit_log').select('subject').where('subject', 'like', 'floor-%').execute()).map(
      (r) => r.subject,
    );
    expect(kept.sort()).toEqual([recent, older].sort());
    expect(kept).not.toContain(oldest);
  });
});

describe('VIGIL_AUDIT_RETENTION_MIN_DAYS', () => {
  it('is a year unless set, and may only raise it', () => {
    expect(auditRetentionMinDays({})).toBe(RETENTION.auditMinDays);
    expect(RETENTION.auditMinDays).toBe(365);
    expect(auditRetentionMinDays({ VIGIL_AUDIT_RETENTION_MIN_DAYS: '730' })).toBe(730);
    expect(() => auditRetentionMinDays({ VIGIL_AUDIT_RETENTION_MIN_DAYS: '30' })).toThrow(
      'VIGIL_AUDIT_RETENTION_MIN_DAYS may only raise the audit trail’s floor: a whole number of days from 365 to 3650, not "30"',
    );
    expect(() => auditRetentionMinDays({ VIGIL_AUDIT_RETENTION_MIN_DAYS: 'soon' })).toThrow(/from 365 to 3650/);
    expect(() => auditRetentionMinDays({ VIGIL_AUDIT_RETENTION_MIN_DAYS: '4000' })).toThrow(/from 365 to 3650/);
  });
});
