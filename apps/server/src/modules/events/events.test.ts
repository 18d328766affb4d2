import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventsReply } from '@vigil/contract';
import { BIRCH, MAPLE, bearer, createTestContext, detectorKey, type TestContext } from '../../../test/harness.js';

const HALLWAY = 'c1a00001-0000-4000-8000-00000000a003';
const DINING = 'c1a00001-0000-4000-8000-00000000a007';
const BIRCH_RECEPTION = 'c1a00001-0000-4000-8000-00000000b004';

let ctx: TestContext;
let manager: string;
let family: string;
let nurse: string;
let key: string;
beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.signIn('manager@maple.example');
  family = await ctx.signIn('family@maple.example');
  nurse = await ctx.signIn('nurse@maple.example');
  key = await detectorKey(ctx, manager, MAPLE, 'events test');
});
afterAll(() => ctx.close());

let serial = 0;
const iso = (ms: number) => new Date(ms).toISOString();
async function ingestEvents(times: number[], camera = HALLWAY, objects = ['person']) {
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/ingest/v1/batch',
    headers: bearer(key),
    payload: {
      events: times.map((t) => ({
        source_id: `e${(serial += 1)}`,
        camera_uuid: camera,
        started_at: iso(t),
        objects: objects.map((name) => ({ name, confidence: 0.9 })),
      })),
    },
  });
  expect(reply.statusCode, reply.body).toBe(200);
}
const list = (token: string, query: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/events/v1/alerts?${query}`, headers: bearer(token) });

describe('GET /api/events/v1/alerts', () => {
  it('pages newest first with a cursor and returns every event exactly once while new events arrive', async () => {
    const base = Date.parse('2026-03-01T12:00:00Z');
    // 250 events, some sharing a timestamp (the id breaks the tie), on two cameras
    await ingestEvents(Array.from({ length: 200 }, (_, i) => base + Math.floor(i / 3) * 1000));
    await ingestEvents(
      Array.from({ length: 50 }, (_, i) => base + i * 1500),
      DINING,
    );
    const since = iso(base - 1);
    const seen: string[] = [];
    let token: string | null = null;
    let pages = 0;
    let previousTime = Infinity;
    do {
      const reply = await list(manager, `domain_uuid=${MAPLE}&limit=40&since=${since}${token ? `&pagination_token=${token}` : ''}`);
      expect(reply.statusCode, reply.body).toBe(200);
      const body = reply.json<EventsReply>();
      for (const event of body.data) {
        const t = Date.parse(event.info.started_at);
        expect(t).toBeLessThanOrEqual(previousTime);
        previousTime = t;
        seen.push(event.id);
      }
      token = body.paginationToken;
      pages += 1;
      // newer events keep arriving between pages; they must not shift the pages being read
      await ingestEvents([Date.parse('2026-03-02T00:00:00Z') + pages * 1000]);
    } while (token);
    expect(pages).toBe(7);
    expect(seen).toHaveLength(250);
    expect(new Set(seen).size).toBe(250);
  });

  it('filters by camera, time range and alerted, and describes each event', async () => {
    const base = Date.parse('2026-04-01T08:00:00Z');
    await ingestEvents([base, base + 60_000], DINING, ['ssd_dog']);
    const reply = await list(
      manager,
      `domain_uuid=${MAPLE}&camera_uuid=${DINING}&since=${iso(base)}&until=${iso(base + 60_000)}&alerted=true`,
    );
    const body = reply.json<EventsReply>();
    expect(body.data).toHaveLength(2);
    expect(body.paginationToken).toBeNull();
    expect(body.data[0]).toMatchObject({
      camera_uuid: DINING,
      camera_description: 'Dining Room',
      category: 'Pet',
      description: 'Dog detected',
      alerted: true,
      info: { started_at: iso(base + 60_000), objects: ['dog'] },
    });
    expect(body.data[0]!.metrics.detections[0]).toMatchObject({ name: 'ssd_dog', confidence: 0.9 });
    // nothing was recorded in April: no picture link (frames.test.ts covers events with recordings)
    expect(body.data[0]!.thumbnail_uri).toBeNull();
  });

  it('refuses a caller without alerting/view_historic, and a domain the caller has nothing in, alike (403)', async () => {
    for (const [token, domain] of [
      [family, MAPLE],
      [nurse, BIRCH],
    ] as const) {
      const reply = await list(token, `domain_uuid=${domain}`);
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toMatchObject({ ok: false, statusCode: 403 });
    }
  });

  it('answers bad queries with 400 and a message', async () => {
    const cases = [
      `domain_uuid=not-a-uuid`,
      `domain_uuid=${MAPLE}&limit=0`,
      `domain_uuid=${MAPLE}&limit=1501`,
      `domain_uuid=${MAPLE}&since=yesterday`,
      `domain_uuid=${MAPLE}&since=2026-05-02T00:00:00Z&until=2026-05-01T00:00:00Z`,
      `domain_uuid=${MAPLE}&pagination_token=${Buffer.from('nonsense-cursor').toString('base64url')}`,
      `domain_uuid=${MAPLE}&camera_uuid=${BIRCH_RECEPTION}x`,
    ];
    for (const query of cases) {
      const reply = await list(manager, query);
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json<{ error: string }>().error.length).toBeGreaterThan(5);
    }
    const range = await list(manager, cases[4]!);
    expect(range.json<{ error: string }>().error).toContain('Error: start time cannot be later than end time.');
  });
});
