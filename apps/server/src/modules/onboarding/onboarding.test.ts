import { randomUUID } from 'node:crypto';
import { buildOnboardingPayload, newCameraRow, type CameraRowDraft, type DomainNewBody, type DomainNewReply } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../../test/harness.js';
import { eventually, startRtspCameras } from '../../../test/rtsp-simulator.js';
import { DetectorsRepository } from '../ingest/detectors.repository.js';
import { DetectorsService } from '../ingest/detectors.service.js';

// Building onboarding (POST /api/v1/domain/new) with a simulated Hikvision NVR on loopback: the building, its cameras
// and streams in one transaction, recording at once, the staff member given access.

let ctx: TestContext;
let rtsp: Awaited<ReturnType<typeof startRtspCameras>>;
let staff: string;

const building = {
  description: 'Cedar Gardens',
  fname: 'cedar-gardens',
  group: 'Evergreen Care',
  address: '1 Cedar Street, Springfield, IL',
};

/** Two Hikvision cameras on the simulated NVR, channels 1 and 2, each with low and high streams. */
function payload(overrides: Partial<typeof building> = {}): DomainNewBody {
  const first: CameraRowDraft = {
    ...newCameraRow(randomUUID()),
    manufacturer: 'Hikvision',
    type: 'nvr',
    gpu: 'local',
    address: '127.0.0.1',
    port: String(rtsp.port),
    description: 'Front Door Outdoor',
  };
  const second: CameraRowDraft = { ...newCameraRow(randomUUID(), first), description: 'Hallway Floor 1' };
  return buildOnboardingPayload(
    { ...building, ...overrides, geoloc: '39.781700,-89.650100', timezone: 'America/Chicago' },
    [first, second],
    { local: '127.0.0.1', cloud: '127.0.0.1' },
  );
}

const create = (token: string | undefined, body: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/domain/new', ...(token && { headers: bearer(token) }), payload: body as object });

const domainCount = async () =>
  Number(
    (
      await ctx.database.db
        .selectFrom('domains')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const cameraCount = async () =>
  Number(
    (
      await ctx.database.db
        .selectFrom('cameras')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  rtsp = await startRtspCameras(
    [1, 2].flatMap((channel) => [1, 2].map((s) => ({ path: `/Streaming/Channels/${channel}0${s}`, name: `NVR ${channel}` }))),
  );
  ctx = await createTestContext({ VIGIL_RECORDER: 'on', VIGIL_DEMO_CAMERAS: 'off', VIGIL_CLIP_SECONDS: '2' }, async (database) => {
    await database.db.deleteFrom('cameras').execute();
  });
  staff = await ctx.signIn('staff@vigil.example');
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await rtsp?.stop();
});

describe('POST /api/v1/domain/new', () => {
  it('creates a building whose cameras record at once, gives the onboarding staff member access, and the analyzer gets them', async () => {
    const body = payload();
    const reply = await create(staff, { ...body, token: staff });
    expect(reply.statusCode, reply.body).toBe(200);
    const created = reply.json<DomainNewReply>();
    expect(created.domain).toMatchObject({ description: 'Cedar Gardens', fname: 'cedar-gardens', timezone: 'America/Chicago' });
    expect(created.cameras.map((c) => c.name)).toEqual(['Front Door Outdoor', 'Hallway Floor 1']);

    const row = await ctx.database.db.selectFrom('domains').selectAll().where('uuid', '=', created.domain.uuid).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ geoloc: '39.781700,-89.650100', management_group: 'Evergreen Care', address: building.address });
    const cameras = await ctx.database.db
      .selectFrom('cameras')
      .selectAll()
      .where('domain_uuid', '=', created.domain.uuid)
      .orderBy('camera_number')
      .execute();
    expect(cameras.map((c) => [c.path, c.manufacturer, c.connection, c.gpu, c.channel, c.camera_number])).toEqual([
      ['/Streaming/Channels/101', 'Hikvision', 'nvr', 'local', 1, 1],
      ['/Streaming/Channels/201', 'Hikvision', 'nvr', 'local', 2, 2],
    ]);
    expect(JSON.parse(cameras[0]!.alerting!)).toEqual({
      slack_channel: '#cedar-gardens-alerts',
      snooze: 7200,
      rate_limit: 120,
      alertingclass: 'singleshot',
    });
    const streams = await ctx.database.db
      .selectFrom('camera_streams')
      .selectAll()
      .where('camera_uuid', '=', cameras[0]!.uuid)
      .orderBy('quality')
      .execute();
    expect(streams.map((s) => [s.quality, s.video_url, s.snapshot_target, s.recorded])).toEqual([
      ['high', `rtsp://127.0.0.1:${rtsp.port}/Streaming/Channels/101`, '127.0.0.1:9001/gpu/frame', 1],
      ['low', `rtsp://127.0.0.1:${rtsp.port}/Streaming/Channels/102`, '127.0.0.1:9001/gpu/frame', 0],
    ]);

    // The staff member sees the new building with its cameras, and may watch it.
    const domains = await ctx.app.inject({ method: 'POST', url: '/api/v4/domains', headers: bearer(staff), payload: {} });
    const cedar = domains
      .json<{ domains: { uuid: string; cameraUUIDs: string[] }[] }>()
      .domains.find((d) => d.uuid === created.domain.uuid);
    expect(cedar?.cameraUUIDs.sort()).toEqual(created.cameras.map((c) => c.uuid).sort());
    const entitlements = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me/entitlements', headers: bearer(staff) });
    expect(
      entitlements.json<{ entitlementsByDomain: Record<string, { video?: string[] }> }>().entitlementsByDomain[created.domain.uuid]?.video,
    ).toContain('view_live');

    // Recording: each camera's clips are indexed from the simulated NVR.
    for (const camera of created.cameras)
      await eventually(
        async () =>
          (await ctx.database.db.selectFrom('clips').select('start_ms').where('camera_uuid', '=', camera.uuid).execute()).length >= 1,
        40_000,
        `a clip of ${camera.name}`,
      );

    // A deployment key's analyzer is assigned the new building's cameras at its next heartbeat.
    const { key } = await new DetectorsService(ctx.database.db, new DetectorsRepository(ctx.database.db), ctx.clock).issueDeploymentKey(
      'Central analyzer',
      ['analyzer'],
    );
    const beat = await ctx.app.inject({
      method: 'POST',
      url: '/api/ingest/v1/analyzers/heartbeat',
      headers: bearer(key),
      payload: { analyzer_id: randomUUID(), name: 'central', capacity: 64, cameras: [] },
    });
    expect(beat.statusCode, beat.body).toBe(200);
    const assigned = beat.json<{ assignments: { camera_uuid: string; domain_uuid: string }[] }>().assignments;
    expect(
      assigned
        .filter((a) => a.domain_uuid === created.domain.uuid)
        .map((a) => a.camera_uuid)
        .sort(),
    ).toEqual(created.cameras.map((c) => c.uuid).sort());
  }, 90_000);

  it('takes the payload as part 1 §3 and §9 describe it: no address, ids as numbers; the cameras get uuids of their own', async () => {
    /** The page's payload reshaped as the spec gives it: the onboarding domain has no address, and ids are numbers. */
    const specShaped = (fname: string, cameras = 2) => {
      const { address: _address, ...body } = payload({ fname });
      const number = new Map(body.cameras.map((c, i) => [c.id, i + 1]));
      return {
        ...body,
        cameras: body.cameras.slice(0, cameras).map((c) => ({ ...c, id: number.get(c.id)!, domainFname: fname })),
        streams: body.streams.filter((s) => number.get(s.id)! <= cameras).map((s) => ({ ...s, id: number.get(s.id)! })),
      };
    };
    const reply = await create(staff, specShaped('spec-gardens'));
    expect(reply.statusCode, reply.body).toBe(200);
    const created = reply.json<DomainNewReply>();
    expect(created.cameras.map((c) => [c.id, c.name])).toEqual([
      ['1', 'Front Door Outdoor'],
      ['2', 'Hallway Floor 1'],
    ]);
    const uuids = created.cameras.map((c) => c.uuid);
    expect(new Set(uuids).size).toBe(2);
    const domain = await ctx.database.db
      .selectFrom('domains')
      .selectAll()
      .where('uuid', '=', created.domain.uuid)
      .executeTakeFirstOrThrow();
    expect(domain.address).toBeNull();
    const streams = await ctx.database.db
      .selectFrom('camera_streams')
      .select(['camera_uuid', 'quality', 'recorded'])
      .where('camera_uuid', 'in', uuids)
      .orderBy('video_url')
      .execute();
    expect(streams).toEqual([
      { camera_uuid: uuids[0], quality: 'high', recorded: 1 },
      { camera_uuid: uuids[0], quality: 'low', recorded: 0 },
      { camera_uuid: uuids[1], quality: 'high', recorded: 1 },
      { camera_uuid: uuids[1], quality: 'low', recorded: 0 },
    ]);

    // The numbers only tie a payload together: another building may number its cameras from 1 too.
    const next = await create(staff, specShaped('spec-gardens-annex', 1));
    expect(next.statusCode, next.body).toBe(200);
    const [annexCamera] = next.json<DomainNewReply>().cameras;
    expect(annexCamera?.id).toBe('1');
    expect(uuids).not.toContain(annexCamera?.uuid);
  });

  it('refuses a short name or camera id taken already (409), creating nothing', async () => {
    const before = [await domainCount(), await cameraCount()];
    const again = await create(staff, payload());
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toContain('cedar-gardens');
    expect([await domainCount(), await cameraCount()]).toEqual(before);
  });

  it('refuses a malformed payload with 400 naming the field, creating nothing', async () => {
    const before = [await domainCount(), await cameraCount()];
    const good = payload({ fname: 'oak-lodge' });
    const cases: [unknown, string][] = [
      [{ ...good, geoloc: 'somewhere' }, 'geoloc'],
      [{ ...good, fname: 'Oak Lodge!' }, 'fname'],
      [{ ...good, cameras: [] }, 'cameras'],
      [{ ...good, cameras: [{ ...good.cameras[0]!, gpu: undefined }, good.cameras[1]] }, 'Dont forget the GPU Type!'],
      [
        { ...good, cameras: [{ ...good.cameras[0]!, manufacturer: 'TVI', type: 'internal' }, good.cameras[1]] },
        'ERROR: TVI Cameras must be accessed through the NVR',
      ],
      [{ ...good, streams: good.streams.slice(2) }, 'has no stream'],
      [{ ...good, timezone: 'Mars/Olympus_Mons' }, 'timezone'],
      [{ ...good, timezone: 'Etc/GMT+3' }, 'timezone'],
      [{ ...good, address: '' }, 'Please make sure you entered a valid address'],
      [[1, 2], 'object'],
    ];
    for (const [body, names] of cases) {
      const reply = await create(staff, body);
      expect(reply.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(reply.json<{ error: string }>().error).toContain(names);
    }
    expect([await domainCount(), await cameraCount()]).toEqual(before);
  });

  it('refuses a camera off the networks cameras may use here', async () => {
    const good = payload({ fname: 'elm-court' });
    const outside = {
      ...good,
      cameras: good.cameras.map((c) => ({ ...c, address: '203.0.113.7' })),
      streams: good.streams.map((s) => ({ ...s, videoURL: s.videoURL.replace('127.0.0.1', '203.0.113.7') })),
    };
    const reply = await create(staff, outside);
    expect(reply.statusCode).toBe(400);
    expect(reply.json<{ error: string }>().error).toContain('cameras[0].address');
    expect(await ctx.database.db.selectFrom('domains').select('uuid').where('fname', '=', 'elm-court').executeTakeFirst()).toBeUndefined();
  });

  it('marks the cameras the page marked exits (alerting/edit in the new building), audited; without that right, 403', async () => {
    const body = payload({ fname: 'elm-court', description: 'Elm Court' });
    body.cameras[0]!.is_exit = true;
    const reply = await create(staff, body);
    expect(reply.statusCode, reply.body).toBe(200);
    const created = reply.json<DomainNewReply>();
    expect(created.cameras.map((c) => [c.name, c.is_exit])).toEqual([
      ['Front Door Outdoor', true],
      ['Hallway Floor 1', false],
    ]);
    const rows = await ctx.database.db
      .selectFrom('cameras')
      .select(['uuid', 'is_exit'])
      .where('domain_uuid', '=', created.domain.uuid)
      .orderBy('camera_number')
      .execute();
    expect(rows.map((r) => r.is_exit)).toEqual([1, 0]);
    const entries = await ctx.database.db
      .selectFrom('audit_log')
      .select(['camera_uuid', 'detail', 'user_email'])
      .where('domain_uuid', '=', created.domain.uuid)
      .where('detail', 'like', '%"exit"%')
      .execute();
    expect(entries).toEqual([
      { camera_uuid: rows[0]!.uuid, detail: JSON.stringify({ change: 'exit', is_exit: true }), user_email: 'staff@vigil.example' },
    ]);

    // Staff whose staff role carries no alerting/edit may onboard, but mark no exit.
    await ctx.transaction((trx) =>
      ctx.access.defineRole(trx, { name: 'onboarder', description: 'onboards buildings', operations: { staff: ['view_all'] } }),
    );
    const onboarder = await ctx.access.ensureUser('onboarder@vigil.example');
    await ctx.access.grant(
      onboarder.id,
      (await ctx.database.db.selectFrom('domains').select('uuid').executeTakeFirstOrThrow()).uuid,
      'onboarder',
    );
    const oak = payload({ fname: 'oak-court' });
    oak.cameras[0]!.is_exit = true;
    const refused = await create(await ctx.signIn('onboarder@vigil.example'), oak);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json<{ error: string }>().error).toBe(
      'You do not have alerting/edit access in this domain: a camera cannot be marked an exit.',
    );
    expect(await ctx.database.db.selectFrom('domains').select('uuid').where('fname', '=', 'oak-court').executeTakeFirst()).toBeUndefined();
  }, 60_000);

  it('is for staff: 401 without sign-in, 403 for a facility manager or a caregiver', async () => {
    expect((await create(undefined, payload({ fname: 'pine-view' }))).statusCode).toBe(401);
    for (const email of ['manager@maple.example', 'nurse@maple.example']) {
      const reply = await create(await ctx.signIn(email), payload({ fname: 'pine-view' }));
      expect(reply.statusCode).toBe(403);
    }
    expect(await ctx.database.db.selectFrom('domains').select('uuid').where('fname', '=', 'pine-view').executeTakeFirst()).toBeUndefined();
  });
});
