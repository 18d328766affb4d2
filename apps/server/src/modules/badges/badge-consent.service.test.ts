import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../auth/principal.js';
import type { Trx } from '../../db/database.js';
import { MAPLE } from '../../../test/harness.js';
import { MARGARET } from '../../../test/demo-ids.js';
import { createServiceContext, type ServiceContext } from '../../../test/service-context.js';
import { cliActor } from '../audit/audit.service.js';
import { ConsentSettingService } from '../privacy/consent-setting.service.js';
import { createBadgesFixture, doorFace, exitTap, type BadgesFixture } from './badges.fixture.js';

// The building's consent rule reaches badges (issue 36): with consent required, a badge identity not linked to a
// registry person who consented keeps no confirmed door faces, is matched against no later tap, and turning consent on
// forgets what was held of it, in the consent change's transaction. A tag of such an identity keeps who verified the
// badge and when, and no face.

let ctx: ServiceContext;
let b: BadgesFixture;
let manager: Principal;
const ANN = { id: 'CONS-ANN-0000001', name: 'ANN UNLINKED' };
const MARG = { id: 'CONS-MARG-000001', name: 'MARGARET WHITE' };
const CARA = { id: 'CONS-CARA-000001', name: 'CARA CONSENTED' };
const T0 = Date.now() - 3 * 3600_000;
const T1 = T0 + 3600_000;
const face = { ann: randomUUID(), annOther: randomUUID(), marg: randomUUID(), cara: randomUUID(), ann2: randomUUID(), cara2: randomUUID() };

/** The consent setting as the server wires it, `faces` told of each change (a test may hold the change open there). */
const settingWith = (faces: ConstructorParameters<typeof ConsentSettingService>[0]['faces'] = ctx.faces) =>
  new ConsentSettingService({
    db: ctx.database.db,
    dialect: ctx.database.dialect,
    privacy: b.privacy,
    faces,
    badges: b.consent,
    audit: { record: async () => undefined },
  });

beforeAll(async () => {
  ctx = await createServiceContext();
  b = await createBadgesFixture(ctx);
  manager = await ctx.principal('manager@maple.example');
  await ctx.database.db.updateTable('faces').set({ card: 'cons-marg' }).where('uuid', '=', MARGARET).execute();
  await b.person('Cara', 'cons-cara', 'resident', true);
  await b.sendFaces([
    doorFace(face.ann, T0 + 1_000, 11),
    doorFace(face.annOther, T0 + 1_500, 30),
    doorFace(face.marg, T0 + 121_000, 12),
    doorFace(face.cara, T0 + 241_000, 13),
  ]);
  await b.sendTaps([
    exitTap('cons-ann-1', T0, ANN, 'cons-ann'),
    exitTap('cons-marg-1', T0 + 120_000, MARG, 'cons-marg'),
    exitTap('cons-cara-1', T0 + 240_000, CARA, 'cons-cara'),
  ]);
  await b.evaluator.evaluateDue();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const tapOf = async (source: string) =>
  db().selectFrom('access_events').selectAll().where('source_id', '=', source).executeTakeFirstOrThrow();
const identityRow = async (id: string) =>
  db().selectFrom('badge_identities').selectAll().where('identity_id', '=', id).executeTakeFirstOrThrow();
const tagsOf = async (id: string) =>
  (
    await db()
      .selectFrom('badge_tags')
      .innerJoin('badge_identities', 'badge_identities.uuid', 'badge_tags.identity_uuid')
      .select(['badge_tags.detection_id', 'badge_tags.rejected'])
      .where('badge_identities.identity_id', '=', id)
      .orderBy('badge_tags.detection_id')
      .execute()
  ).map((t) => [t.detection_id, t.rejected]);
const tag = async (source: string, identity: string, detection: string, rejected = false) =>
  b.tags.saveTags(manager, MAPLE, [
    {
      access_event_uuid: (await tapOf(source)).uuid,
      detection_id: detection,
      identity_id: identity,
      rejected,
      ...(rejected && { rejected_for: 'WRONG_PERSON' as const }),
    },
  ]);
describe('with consent required', () => {
  it('turning it on forgets the door faces confirmed to identities without a consenting registry person; the verification stays', async () => {
    await tag('cons-ann-1', ANN.id, face.ann);
    await tag('cons-ann-1', ANN.id, face.annOther, true);
    await tag('cons-marg-1', MARG.id, face.marg);
    await tag('cons-cara-1', CARA.id, face.cara);
    expect(await tagsOf(ANN.id)).toHaveLength(2);
    // Her badge was last verified by the confirmation of her face (the rejection of another face says nothing of her).
    const confirmedAt = (
      await db().selectFrom('badge_tags').select('verified_at').where('detection_id', '=', face.ann).executeTakeFirstOrThrow()
    ).verified_at;

    await settingWith().set(cliActor('cli:test'), MAPLE, true);

    expect(await tagsOf(ANN.id)).toEqual([]);
    expect(await tagsOf(MARG.id)).toEqual([]);
    expect(await tagsOf(CARA.id)).toEqual([[face.cara, 0]]);
    // Who verified the badge, and when, is kept; the identity holds no tagged image any more.
    expect(await identityRow(ANN.id)).toMatchObject({
      tags: 0,
      last_verified_by: 'manager@maple.example',
      last_verified_at: Number(confirmedAt),
    });
    expect(await identityRow(CARA.id)).toMatchObject({ tags: 1 });
    expect((await tapOf('cons-ann-1')).matched).toBe(1);
    const [annTap] = (await b.badges.accessEvents(manager, MAPLE, ANN.id, { limit: 20, view: 'all' })).events;
    expect(annTap).toMatchObject({ matched: true, lastVerifiedBy: 'manager@maple.example', confirmedDetections: [] });
  });

  it('a later tap is matched against no face of theirs, while a consenting holder is still recognised', async () => {
    await b.sendFaces([doorFace(face.ann2, T1 + 1_000, 11, 0.05), doorFace(face.cara2, T1 + 61_000, 13, 0.05)]);
    await b.sendTaps([exitTap('cons-ann-2', T1, ANN, 'cons-ann'), exitTap('cons-cara-2', T1 + 60_000, CARA, 'cons-cara')]);
    await b.evaluator.evaluateDue();
    expect(await tapOf('cons-ann-2')).toMatchObject({ matched: 0, best_label: null });
    expect(await tapOf('cons-cara-2')).toMatchObject({ matched: 1, best_label: 'High' });
    const { events } = await b.badges.accessEvents(manager, MAPLE, ANN.id, { limit: 20, view: 'all' });
    const later = events.find((e) => e.eventTimestamp === new Date(T1).toISOString())!;
    expect(later.detections.map((d) => [d.detectionId, d.matchConfidences, d.matchConfidenceLabel])).toEqual([[face.ann2, null, null]]);
  });

  it('a new tag of such an identity verifies the badge (who, when) and keeps no face', async () => {
    expect((await tag('cons-ann-2', ANN.id, face.ann2)).saved).toBe(1);
    expect(await tagsOf(ANN.id)).toEqual([]);
    expect(await tapOf('cons-ann-2')).toMatchObject({ matched: 1 });
    const { events } = await b.badges.accessEvents(manager, MAPLE, ANN.id, { limit: 20, view: 'all' });
    const later = events.find((e) => e.eventTimestamp === new Date(T1).toISOString())!;
    expect(later).toMatchObject({ matched: true, lastVerifiedBy: 'manager@maple.example', confirmedDetections: [] });
    expect(later.detections.every((d) => d.confirmed === null && d.matchConfidences === null)).toBe(true);
    // Margaret has no consent answer: her badge is treated alike.
    await tag('cons-marg-1', MARG.id, face.marg);
    expect(await tagsOf(MARG.id)).toEqual([]);
    expect(await tapOf('cons-marg-1')).toMatchObject({ matched: 1 });
  });
});

/** Until PostgreSQL shows someone waiting for an advisory lock (the save queued behind the change); SQLite: at once. */
async function someoneWaiting(): Promise<void> {
  if (ctx.database.engine !== 'postgres') return;
  for (let i = 0; i < 500; i++) {
    const { rows } = await sql<{ n: string }>`select count(*) as n from pg_locks where locktype = 'advisory' and not granted`.execute(db());
    if (Number(rows[0]!.n) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the save never waited for the building lock');
}

it('a tag saved while consent is being turned on keeps no face of an identity without consent', async () => {
  const DORA = { id: 'CONS-DORA-000001', name: 'DORA RACE' };
  const doraFace = randomUUID();
  const T2 = T1 + 3600_000;
  await settingWith().set(cliActor('cli:test'), MAPLE, false);
  await b.sendFaces([doorFace(doraFace, T2 + 1_000, 40)]);
  await b.sendTaps([exitTap('cons-dora-1', T2, DORA, 'cons-dora')]);
  await b.evaluator.evaluateDue();

  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let inChange!: () => void;
  const changing = new Promise<void>((resolve) => (inChange = resolve));
  // The change holds its transaction open (setting written, faces forgotten) until the save is queued.
  const turningOn = settingWith({
    consentSettingChanged: async (trx: Trx, domain: string) => {
      await ctx.faces.consentSettingChanged(trx, domain);
      inChange();
      await gate;
    },
  }).set(cliActor('cli:test'), MAPLE, true);
  await changing;
  const saving = tag('cons-dora-1', DORA.id, doraFace);
  await someoneWaiting();
  release();
  await turningOn;
  expect((await saving).saved).toBe(1);
  expect(await tagsOf(DORA.id)).toEqual([]);
  expect(await identityRow(DORA.id)).toMatchObject({ last_verified_by: 'manager@maple.example', tags: 0 });

  // Turned off again, a tag keeps its face as before (the test did not pass by keeping nothing at all).
  await settingWith().set(cliActor('cli:test'), MAPLE, false);
  await tag('cons-dora-1', DORA.id, doraFace);
  expect(await tagsOf(DORA.id)).toEqual([[doraFace, 0]]);
});
