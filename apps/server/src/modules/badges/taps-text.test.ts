import type { IngestTapInput } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE, bearer, createTestContext, detectorKey, type TestContext } from '../../../test/harness.js';

// The fuzzer's one 5xx (issue 36): a tap whose ids held a lone surrogate was stored as U+FFFD, so the same tap sent
// again missed the duplicate check and failed on the unique index. Such text is refused, naming the field; a valid
// tap sent twice is stored once. On both engines.
let ctx: TestContext;
let key: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const manager = await ctx.signIn('manager@maple.example');
  key = await detectorKey(ctx, manager, MAPLE, 'door controller', ['access_control']);
});
afterAll(() => ctx.close());

const tap = (over: Partial<IngestTapInput> = {}): IngestTapInput => ({
  source_id: 'tap-0001',
  at: new Date(Date.now() - 60_000).toISOString(),
  access_point: { id: 'side-door', description: 'Side door' },
  identity: { id: 'UNIT07A-CARL0001', name: 'CARL NIELSEN', unit: '7A', role: 'tor' },
  credential: { id: '0007700001' },
  ...over,
});
const send = (taps: IngestTapInput[]) =>
  ctx.app.inject({ method: 'POST', url: `/api/ingest/v1/access-events?domain_uuid=${MAPLE}`, headers: bearer(key), payload: { taps } });
const rows = async (table: 'access_events' | 'access_points' | 'badge_credentials' | 'badge_identities') =>
  Number(
    (
      await ctx.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('domain_uuid', '=', MAPLE)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('text in badge taps (POST /api/ingest/v1/access-events)', () => {
  it.each([
    ['source_id', tap({ source_id: 'tap-\ud800' })],
    ['access_point.id', tap({ access_point: { id: 'door-\udfff' } })],
    ['credential.id', tap({ credential: { id: '\ud83d0001' } })],
    ['identity.name', tap({ identity: { id: 'UNIT07A-CARL0001', name: 'CARL \ud800', role: 'tor' } })],
    ['access_point.description', tap({ access_point: { id: 'side-door', description: 'Side\u0000door' } })],
  ])('refuses a lone surrogate or NUL in %s (400 naming it), storing nothing, on a retry too', async (field, bad) => {
    const before = await Promise.all(
      ['access_events', 'access_points', 'badge_credentials', 'badge_identities'].map((t) => rows(t as never)),
    );
    for (let attempt = 0; attempt < 2; attempt++) {
      const reply = await send([bad]);
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json<{ error: string }>().error).toContain(`taps.0.${field}`);
    }
    expect(
      await Promise.all(['access_events', 'access_points', 'badge_credentials', 'badge_identities'].map((t) => rows(t as never))),
    ).toEqual(before);
  });

  it('stores a tap sent twice once: 200 both times, the second a duplicate', async () => {
    const again = tap({ source_id: 'tap-0002 ✓ 𝄞', access_point: { id: 'door 𝄞', description: 'Garden door' } });
    const first = await send([again]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ ok: true, accepted: 1, duplicates: 0 });
    const second = await send([again]);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toEqual({ ok: true, accepted: 0, duplicates: 1 });
    const stored = await ctx.database.db.selectFrom('access_events').select('source_id').where('source_id', '=', again.source_id).execute();
    expect(stored).toEqual([{ source_id: again.source_id }]);
  });
});
