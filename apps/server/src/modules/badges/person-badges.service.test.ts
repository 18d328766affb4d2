import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE } from '../../../test/harness.js';
import { EXIT, MARGARET } from '../../../test/demo-ids.js';
import { createServiceContext, type ServiceContext } from '../../../test/service-context.js';
import { personBadges } from '../../repositories.js';

// A person's badges as their subject access export reads them, on a real database: the identities linked to them with
// their credentials, every tap, and both kinds of verified match (a door face confirmed for the badge, and a tap
// verified without keeping a face, where the building requires consent the person has not given).

let ctx: ServiceContext;
beforeAll(async () => {
  ctx = await createServiceContext();
});
afterAll(() => ctx.close());

describe("a person's badges for their export", () => {
  it('lists the linked identity, its credential, its taps, the confirmed door face and the verification without a face', async () => {
    const db = ctx.database.db;
    const now = ctx.clock.now();
    const [identity, point, credential, tap1, tap2, face] = Array.from({ length: 6 }, () => randomUUID());
    await db
      .insertInto('badge_identities')
      .values({
        uuid: identity!,
        domain_uuid: MAPLE,
        identity_id: 'EXPORTBADGE00001',
        name: 'MARGARET H',
        unit: '3',
        role: 'tor',
        face_uuid: MARGARET,
        last_tap_at: now,
        last_verified_at: null,
        last_verified_by: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('badge_credentials')
      .values({ uuid: credential!, domain_uuid: MAPLE, identity_uuid: identity!, credential_id: 'CARD-77', label: 'card', created_at: now })
      .execute();
    await db
      .insertInto('access_points')
      .values({
        uuid: point!,
        domain_uuid: MAPLE,
        external_id: 'export-door',
        description: 'Garden door',
        camera_uuid: EXIT,
        window_before_ms: 5_000,
        window_after_ms: 5_000,
        created_at: now,
      })
      .execute();
    const tap = (uuid: string, at: number) => ({
      uuid,
      domain_uuid: MAPLE,
      source_id: `export-${uuid}`,
      detector_id: null,
      access_point_uuid: point!,
      identity_uuid: identity!,
      credential_uuid: credential!,
      event_at: at,
      granted: 1,
      received_at: at,
      evaluated_at: at,
      faces: 1,
      passages: 1,
      matched: 0,
      best_label: null,
      shared_with: null,
      door_face: null,
      tailgate: 0,
    });
    await db
      .insertInto('access_events')
      .values([tap(tap1!, now - 120_000), tap(tap2!, now - 60_000)])
      .execute();
    await db
      .insertInto('face_detections')
      .values({
        runtime_face_uuid: face!,
        domain_uuid: MAPLE,
        camera_uuid: EXIT,
        captured_at: now - 119_000,
        frontend_face_uuid: null,
        confidence: 0.3,
        created_at: now,
      })
      .execute();
    await db
      .insertInto('badge_tags')
      .values({
        access_event_uuid: tap1!,
        detection_id: face!,
        identity_uuid: identity!,
        domain_uuid: MAPLE,
        rejected: 0,
        rejected_for: null,
        verified_by: 'manager@maple.example',
        verified_at: now - 100_000,
      })
      .execute();
    await db
      .insertInto('badge_verifications')
      .values({
        access_event_uuid: tap2!,
        identity_uuid: identity!,
        domain_uuid: MAPLE,
        verified_by: 'manager@maple.example',
        verified_at: now - 50_000,
      })
      .execute();

    const badges = personBadges(ctx.repos);
    expect(await badges.identitiesOf(db, MARGARET)).toEqual([identity]);
    expect(await badges.verifiedFaces(db, [identity!])).toEqual([face]);
    const data = await badges.exportOf(db, MARGARET);
    expect(data.identities).toMatchObject([{ identityId: 'EXPORTBADGE00001', credentials: ['CARD-77'] }]);
    expect(data.taps.map((t) => [t.badge, t.accessPoint, t.result])).toEqual([
      ['EXPORTBADGE00001', 'Garden door', 'Verified match'],
      ['EXPORTBADGE00001', 'Garden door', 'Verified match'],
    ]);
    expect(data.matches.map((m) => [m.detectionId, m.answer, m.tapAt])).toEqual([
      [face, 'confirmed', now - 120_000],
      [null, 'confirmed', now - 60_000],
    ]);
  });
});
