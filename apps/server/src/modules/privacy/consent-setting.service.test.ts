import { ingestBatchSchema } from '@vigil/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Trx } from '../../db/database.js';
import type { DetectorRow } from '../../db/schema.js';
import { MAPLE } from '../../../test/harness.js';
import { HALLWAY, MARGARET } from '../../../test/demo-ids.js';
import { createServiceContext, type ServiceContext } from '../../../test/service-context.js';
import { cliActor } from '../audit/audit.service.js';
import { BadgeConsent } from '../badges/badge-consent.js';
import { ConsentSettingService } from './consent-setting.service.js';
import { PrivacyService } from './privacy.service.js';

// Turning consent on while a detector's batch is in flight (issue 27; a CI run on PostgreSQL once kept a face matched
// to someone without consent, written by a batch that had read the setting just before it changed). The change and
// ingest share the building's lock, so the batch either lands first (and the change forgets what it kept) or reads the
// new setting. On SQLite one connection serialises them anyway; on PostgreSQL this is the race.

let ctx: ServiceContext;
let detector: DetectorRow;
beforeAll(async () => {
  ctx = await createServiceContext();
  detector = (await ctx.detectors.issue(MAPLE, 'consent race test', ['detector'], null)).detector;
});
afterAll(() => ctx.close());

/** A face matched to Margaret (who has no consent answer) with an embedding, as an analyzer sends it. */
const face = (id: string) => ({
  runtime_face_uuid: id,
  camera_uuid: HALLWAY,
  captured_at: new Date(ctx.clock.now() - 200).toISOString(),
  frontend_face_uuid: MARGARET,
  confidence: 0.95,
  embedding: Buffer.from(new Float32Array(8).fill(0.25).buffer).toString('base64'),
});

/** The building's consent setting as the server wires it, with `faces` told of each change. */
const settingWith = (faces: ConstructorParameters<typeof ConsentSettingService>[0]['faces']) => {
  const privacy = new PrivacyService({ db: ctx.database.db, privacy: ctx.repos.privacy, clock: ctx.clock });
  const badges = new BadgeConsent({
    db: ctx.database.db,
    consentRequired: (domain, trx) => privacy.consentRequired(domain, trx),
    faces: ctx.faces,
    badges: ctx.repos.badges,
    tags: ctx.repos.badgeTags,
  });
  return new ConsentSettingService({
    db: ctx.database.db,
    dialect: ctx.database.dialect,
    privacy,
    faces,
    badges,
    audit: { record: async () => undefined },
  });
};

/** Until PostgreSQL shows someone waiting for an advisory lock (the batch queued behind the change); SQLite: at once. */
async function batchWaiting(): Promise<void> {
  if (ctx.database.engine !== 'postgres') return;
  for (let i = 0; i < 500; i++) {
    const { rows } = await sql<{ n: string }>`select count(*) as n from pg_locks where locktype = 'advisory' and not granted`.execute(
      ctx.database.db,
    );
    if (Number(rows[0]!.n) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the batch never waited for the building lock');
}

it('a batch in flight while consent is turned on keeps no match and no embedding of someone without consent', async () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let inChange!: () => void;
  const changing = new Promise<void>((resolve) => (inChange = resolve));
  // The change holds its transaction open (setting written, forgetting done) until the batch is queued.
  const setting = settingWith({
    consentSettingChanged: async (trx: Trx, domain: string) => {
      await ctx.faces.consentSettingChanged(trx, domain);
      inChange();
      await gate;
    },
  });

  const turningOn = setting.set(cliActor('cli:test'), MAPLE, true);
  await changing;
  const batch = ctx.ingest.ingest(detector, ingestBatchSchema.parse({ faces: [face('fa000000-0000-4000-8000-00000000c051')] }));
  await batchWaiting();
  release();
  await turningOn;
  expect(await batch).toMatchObject({ faces: { accepted: 1 } });

  const row = await ctx.database.db
    .selectFrom('face_detections')
    .select(['frontend_face_uuid', 'analyzer_face_uuid'])
    .where('runtime_face_uuid', '=', 'fa000000-0000-4000-8000-00000000c051')
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ frontend_face_uuid: null, analyzer_face_uuid: null });
  const kept = await ctx.database.db
    .selectFrom('face_embeddings')
    .select('runtime_face_uuid')
    .where('runtime_face_uuid', '=', 'fa000000-0000-4000-8000-00000000c051')
    .execute();
  expect(kept).toEqual([]);

  // Turned off again, the next batch names her as before (the test did not pass by refusing everything).
  await settingWith(ctx.faces).set(cliActor('cli:test'), MAPLE, false);
  await ctx.ingest.ingest(detector, ingestBatchSchema.parse({ faces: [face('fa000000-0000-4000-8000-00000000c052')] }));
  expect(
    await ctx.database.db
      .selectFrom('face_detections')
      .select('frontend_face_uuid')
      .where('runtime_face_uuid', '=', 'fa000000-0000-4000-8000-00000000c052')
      .executeTakeFirstOrThrow(),
  ).toEqual({ frontend_face_uuid: MARGARET });
});
