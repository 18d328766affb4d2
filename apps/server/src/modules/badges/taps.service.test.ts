import type { IngestTap } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE } from '../../../test/harness.js';
import { createServiceContext, type ServiceContext } from '../../../test/service-context.js';
import { TapsService } from './taps.service.js';

// A retried batch is idempotent whatever its text: callers that skip the contract (the demo, a script) may pass ids
// that the database does not store as given (a lone surrogate becomes U+FFFD); the duplicate check compares what is
// stored, so the same taps again are duplicates, never a unique-index failure. On both engines.
let ctx: ServiceContext;
let taps: TapsService;

beforeAll(async () => {
  ctx = await createServiceContext();
  taps = new TapsService({
    db: ctx.database.db,
    dialect: ctx.database.dialect,
    badges: ctx.repos.badges,
    faces: ctx.faces,
    cameras: ctx.repos.cameras,
    clock: ctx.clock,
  });
});
afterAll(() => ctx.close());

const tap = (source: string, point: string, card: string): IngestTap => ({
  source_id: source,
  at: new Date(ctx.clock.now() - 60_000).toISOString(),
  access_point: { id: point, description: `Door ${point}` },
  identity: { id: 'UNIT09C-DORA0001', name: 'DORA \ud800', unit: '9C', role: 'tor' },
  credential: { id: card },
  granted: true,
});

describe('taps stored (TapsService.ingest)', () => {
  it('counts the same taps sent again as duplicates, whatever their text', async () => {
    const batch = [tap('lone-\ud800', 'door-\udc00', 'card-\ud83d'), tap('plain-1', 'door-\udc00', 'card-\ud83d')];
    expect(await taps.ingest(MAPLE, null, batch)).toEqual({ ok: true, accepted: 2, duplicates: 0 });
    expect(await taps.ingest(MAPLE, null, batch)).toEqual({ ok: true, accepted: 0, duplicates: 2 });
    const stored = await ctx.database.db.selectFrom('access_events').select('source_id').where('domain_uuid', '=', MAPLE).execute();
    expect(stored.map((r) => r.source_id).sort()).toEqual(['lone-\ufffd', 'plain-1']);
    const points = await ctx.database.db.selectFrom('access_points').select('external_id').where('domain_uuid', '=', MAPLE).execute();
    expect(points).toEqual([{ external_id: 'door-\ufffd' }]);
  });

  it('stores a batch sent twice at once (a retry while the first try runs) once, answering both', async () => {
    const batch = [tap('twice-1', 'door-twice', 'card-twice'), tap('twice-2', 'door-twice', 'card-twice')];
    const replies = await Promise.all([taps.ingest(MAPLE, null, batch), taps.ingest(MAPLE, null, batch), taps.ingest(MAPLE, null, batch)]);
    expect(replies.map((r) => r.accepted).sort()).toEqual([0, 0, 2]);
    expect(replies.map((r) => r.duplicates).sort()).toEqual([0, 2, 2]);
    const stored = await ctx.database.db.selectFrom('access_events').select('source_id').where('source_id', 'like', 'twice-%').execute();
    expect(stored).toHaveLength(2);
  });
});
