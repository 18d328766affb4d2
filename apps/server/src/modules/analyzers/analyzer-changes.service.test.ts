import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE } from '../../../test/harness.js';
import { EXIT, HALLWAY } from '../../../test/demo-ids.js';
import { createServiceContext, type ServiceContext } from '../../../test/service-context.js';
import { createAudit } from '../audit/audit.wiring.js';
import type { KeyHolder } from '../ingest/detectors.service.js';
import { CameraExitsService } from '../video/camera-exits.service.js';
import { holdingVersion } from './analyzers.service.js';

// The long poll of changes on the service: a change made in this process wakes a waiting poll. The context's polls
// look at the database only after a minute, so a poll that answers within the test's limit was woken.
const A = 'a0000000-0000-4000-8000-0000000000d1';

let ctx: ServiceContext;
let holder: KeyHolder;
let exits: CameraExitsService;
let manager: Awaited<ReturnType<ServiceContext['principal']>>;

beforeAll(async () => {
  ctx = await createServiceContext();
  manager = await ctx.principal('manager@maple.example');
  const { key } = await ctx.detectors.issue(MAPLE, 'changes', ['analyzer'], manager.user.id);
  holder = (await ctx.detectors.authenticate(key))!;
  exits = new CameraExitsService({
    cameras: ctx.repos.cameras,
    audit: createAudit({ audit: ctx.repos.audit, cameras: ctx.repos.cameras, clock: ctx.clock }),
    changed: () => ctx.cameraChanges.wake(),
  });
});
afterAll(() => ctx.close());

/** Until the condition holds (the poll is waiting), looking every few milliseconds. */
const until = async (what: () => boolean) => {
  while (!what()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('a waiting poll', () => {
  it('is woken by an exit marked in this process and names the new state', async () => {
    const beat = await ctx.analyzers.heartbeat(holder, { analyzer_id: A, name: 'a', capacity: 16, cameras: [] });
    const waiting = ctx.analyzers.changes(holder, A, beat.changes_version, new AbortController().signal);
    await until(() => ctx.cameraChanges.waiting === 1);
    await exits.set(manager, HALLWAY, true);
    const reply = await waiting;
    expect(reply.changed).toBe(true);
    expect(reply.cameras.filter((c) => c.is_exit).map((c) => c.camera_uuid)).toEqual([EXIT, HALLWAY].sort());
    expect(reply.version).toBe(holdingVersion(reply.cameras));
    expect(ctx.cameraChanges.waiting).toBe(0);
    await exits.set(manager, HALLWAY, false);
  });

  it('is not woken by setting what already is (nothing changed): it ends when its client goes, saying so', async () => {
    const beat = await ctx.analyzers.heartbeat(holder, { analyzer_id: A, name: 'a', capacity: 16, cameras: [] });
    const client = new AbortController();
    const waiting = ctx.analyzers.changes(holder, A, beat.changes_version, client.signal);
    await until(() => ctx.cameraChanges.waiting === 1);
    expect((await exits.set(manager, EXIT, true)).changed).toBe(false);
    expect(ctx.cameraChanges.waiting).toBe(1);
    client.abort();
    expect(await waiting).toMatchObject({ ok: true, changed: false, version: beat.changes_version });
  });
});

describe('the version', () => {
  it('is the same for the same state in any order, and differs when a camera or its exit differs', () => {
    const a = { camera_uuid: EXIT, is_exit: true };
    const b = { camera_uuid: HALLWAY, is_exit: false };
    expect(holdingVersion([a, b])).toBe(holdingVersion([b, a]));
    expect(holdingVersion([a, b])).not.toBe(holdingVersion([a, { ...b, is_exit: true }]));
    expect(holdingVersion([a, b])).not.toBe(holdingVersion([a]));
    expect(holdingVersion([])).not.toBe(holdingVersion([a]));
  });
});
