import { ALERTS_MESSAGES, alertRuleInputSchema, ingestBatchSchema, pinDigest, type IngestReply } from '@vigil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DetectorRow } from '../../db/schema.js';
import { BIRCH, MAPLE } from '../../../test/harness.js';
import { BIRCH_RECEPTION, EDITH, EXIT, HALLWAY, MARGARET, WALTER } from '../../../test/demo-ids.js';
import { petsAtNight } from '../../../test/alert-rules.js';
import { createServiceContext, type ServiceContext } from '../../../test/service-context.js';
import { DISMISS_PIN_FAILURES } from './alerts.service.js';

// Alerts' rules on a real database, without HTTP: which sightings raise elopement alerts, who dismisses with which PIN,
// what a face-match answer changes, and which events the building's alert settings make alerts. (alerts.test.ts keeps
// what only HTTP shows: status codes, refusals, the contract's shapes.)

let ctx: ServiceContext;
let maple: DetectorRow;
let birch: DetectorRow;
beforeAll(async () => {
  ctx = await createServiceContext();
  maple = (await ctx.detectors.issue(MAPLE, 'alerts service test', ['detector'], null)).detector;
  birch = (await ctx.detectors.issue(BIRCH, 'alerts service test', ['detector'], null)).detector;
});
afterAll(() => ctx.close());

const ingest = (detector: DetectorRow, batch: object): Promise<IngestReply> => ctx.ingest.ingest(detector, ingestBatchSchema.parse(batch));
const face = (person: string, at: number, camera = EXIT, confidence = 0.95) => ({
  camera_uuid: camera,
  captured_at: new Date(at).toISOString(),
  frontend_face_uuid: person,
  confidence,
});
const activeAlerts = async (email = 'nurse@maple.example', query: object = {}) =>
  (
    await ctx.alerts.list(await ctx.principal(email), {
      domainUUID: MAPLE,
      sort: 'ascending',
      include_dismissed: false,
      offset: 0,
      limit: 100,
      ...query,
    })
  ).alerts;

describe('elopement alerts', () => {
  it('are raised for a resident at elopement risk seen at an exit, sure enough, once per person and exit per repeat time', async () => {
    const now = ctx.clock.now();
    const result = await ingest(maple, {
      faces: [
        face(MARGARET, now - 60_000),
        face(MARGARET, now - 50_000), // same person, same exit, within the camera's repeat time: no second alert
        face(EDITH, now - 40_000), // not at risk
        face(WALTER, now - 30_000, HALLWAY), // not an exit
        face(WALTER, now - 20_000, EXIT, 0.6), // not sure enough
      ],
    });
    expect(result.elopement_alerts).toBe(1);
    const [alert] = await activeAlerts();
    expect(alert).toMatchObject({ frontend_face_uuid: MARGARET, person_name: 'Margaret Hill', camera_uuid: EXIT });
    expect(ctx.notices.filter((n) => n.kind === 'elopement')).toEqual([{ kind: 'elopement', domain: MAPLE, ids: [alert!.alert_id] }]);
    // A later batch inside the repeat time counts the alert already stored.
    expect((await ingest(maple, { faces: [face(MARGARET, now - 10_000)] })).elopement_alerts).toBe(0);
  });
});

describe('dismissing an elopement alert', () => {
  it('counts wrong PINs, and after too many refuses even a right one for a while', async () => {
    const [alert] = await activeAlerts();
    const staff = await ctx.principal('staff@vigil.example');
    for (let i = 0; i < DISMISS_PIN_FAILURES; i += 1)
      await expect(ctx.alerts.dismiss(staff, alert!.alert_id, await pinDigest(MAPLE, `99${i}9`))).rejects.toMatchObject({
        statusCode: 403,
        message: ALERTS_MESSAGES.wrongPin,
      });
    await expect(ctx.alerts.dismiss(staff, alert!.alert_id, await pinDigest(MAPLE, '2468'))).rejects.toMatchObject({ statusCode: 429 });
    expect((await activeAlerts()).map((a) => a.alert_id)).toContain(alert!.alert_id);
    ctx.clock.advance(16 * 60_000); // the window of failures has passed
    const manager = await ctx.principal('manager@maple.example');
    const done = await ctx.alerts.dismiss(staff, alert!.alert_id, await pinDigest(MAPLE, '1357'));
    // The dismissal is the PIN's owner's, whoever's session it came from.
    expect(done.alert.dismissed_by_end_user_info).toMatchObject({ uuid: manager.user.id, email: 'manager@maple.example' });
    ctx.clock.reset();
  });

  it("is recorded once, under the PIN's owner; 'me' only for those without pin_dismiss_alert", async () => {
    const now = ctx.clock.now();
    await ingest(maple, { faces: [face(WALTER, now - 5_000)] });
    const [alert] = await activeAlerts();
    expect(alert!.frontend_face_uuid).toBe(WALTER);
    const nurse = await ctx.principal('nurse@maple.example');
    await expect(ctx.alerts.dismiss(nurse, alert!.alert_id, 'me')).rejects.toMatchObject({
      statusCode: 400,
      message: ALERTS_MESSAGES.pinRequired,
    });
    const manager = await ctx.principal('manager@maple.example');
    const done = await ctx.alerts.dismiss(manager, alert!.alert_id, await pinDigest(MAPLE, '2468'));
    expect(done.alert.dismissed_by_end_user_info).toMatchObject({ name: 'Nora Quinn', email: 'nurse@maple.example' });
    await expect(ctx.alerts.dismiss(manager, alert!.alert_id, await pinDigest(MAPLE, '1357'))).rejects.toMatchObject({ statusCode: 409 });
    const row = await ctx.repos.elopement.get(alert!.alert_id);
    expect(row).toMatchObject({ dismissed_via: 'pin', dismissed_by: nurse.user.id });
  });
});

describe('answers about the face on an alert', () => {
  it("confirm, mark wrong, undo and mark Not a Face, and the person's last seen follows what counts as a sighting", async () => {
    ctx.clock.advance(10 * 60_000); // past the exit's repeat time since Walter's last alert
    await ingest(maple, { faces: [face(WALTER, ctx.clock.now() - 1_000, EXIT)] });
    const [alert] = await activeAlerts('nurse@maple.example', { sort: 'descending', limit: 1 });
    const nurse = await ctx.principal('nurse@maple.example');
    const ids = { runtime_face_uuids: [alert!.runtime_face_uuid], frontend_face_uuid: WALTER };
    const state = async () => {
      const found = (await activeAlerts()).find((a) => a.alert_id === alert!.alert_id)!;
      const person = await ctx.faces.person(WALTER);
      return { match: found.face_match, notAFace: found.not_a_face, lastSeen: person!.last_seen_detection_id };
    };
    expect(await state()).toEqual({ match: null, notAFace: false, lastSeen: alert!.runtime_face_uuid });
    await ctx.alerts.confirmMatch(nurse, { ...ids, is_correct: true });
    expect(await state()).toEqual({ match: true, notAFace: false, lastSeen: alert!.runtime_face_uuid });
    // Not Walter after all: his last seen goes back to his previous sighting.
    await ctx.alerts.confirmMatch(nurse, { ...ids, is_correct: false });
    const wrong = await state();
    expect(wrong.match).toBe(false);
    expect(wrong.lastSeen).not.toBe(alert!.runtime_face_uuid);
    await ctx.alerts.confirmMatch(nurse, { ...ids, is_correct: null });
    expect(await state()).toEqual({ match: null, notAFace: false, lastSeen: alert!.runtime_face_uuid });
    await ctx.alerts.confirmFace(nurse, { runtime_face_uuid: alert!.runtime_face_uuid, is_face: false });
    expect(await state()).toMatchObject({ match: null, notAFace: true, lastSeen: wrong.lastSeen });
    await ctx.alerts.confirmFace(nurse, { runtime_face_uuid: alert!.runtime_face_uuid, is_face: true });
    expect(await state()).toEqual({ match: null, notAFace: false, lastSeen: alert!.runtime_face_uuid });
    // Each answer told the open alert pages.
    expect(ctx.notices.filter((n) => n.kind === 'elopement' && n.ids.includes(alert!.alert_id))).toHaveLength(6);
    ctx.clock.reset();
  });
});

describe('alert settings', () => {
  const rule = (overrides: object = {}) => alertRuleInputSchema.parse(petsAtNight(overrides));
  const at = (t: string, name = 'dog') => ({ camera_uuid: BIRCH_RECEPTION, started_at: t, objects: [{ name, confidence: 0.9 }] });
  /** Birch's events since `since`, oldest first, as "objects@time:alert|-". */
  const alerted = async (since: string) => {
    const rows = await ctx.database.db
      .selectFrom('events')
      .select(['objects', 'started_at', 'alerted'])
      .where('domain_uuid', '=', BIRCH)
      .where('started_at', '>=', Date.parse(since))
      .orderBy('started_at')
      .orderBy('alerted', 'desc')
      .execute();
    return rows.map(
      (e) =>
        `${(JSON.parse(e.objects) as string[]).join('+')}@${new Date(e.started_at).toISOString().slice(11, 19)}:${e.alerted ? 'alert' : '-'}`,
    );
  };

  it('decide which events become alerts: category, dusk-to-dawn window, days and rate limit', async () => {
    // The clock's "now" is after every event below: they are history, and the rules read their own times.
    const manager = await ctx.principal('manager@maple.example');
    const { rule: night } = await ctx.settings.create(manager, BIRCH, rule());
    // 2026-01-14 in Chicago (UTC-6): civil dusk about 17:10, dawn about 06:45 local.
    await ingest(birch, {
      events: [
        at('2026-01-14T18:00:00Z'), // 12:00 local: daylight, no alert
        at('2026-01-15T02:00:00Z'), // 20:00 local: night, alert
        at('2026-01-15T02:00:20Z'), // 20 s later: rate limit 30 s, no alert
        at('2026-01-15T02:01:00Z'), // 60 s later: allowed again
        at('2026-01-15T02:05:00Z', 'person'), // not a pet: no alert
      ],
    });
    expect(await alerted('2026-01-14T00:00:00Z')).toEqual([
      'dog@18:00:00:-',
      'dog@02:00:00:alert',
      'dog@02:00:20:-',
      'dog@02:01:00:alert',
      'person@02:05:00:-',
    ]);
    // Weekends only: 2026-01-16 is a Friday (local), 2026-01-17 a Saturday.
    await ctx.settings.update(manager, night.id, rule({ days: ['Weekend'], time_range: { mode: 'All Day' } }));
    await ingest(birch, { events: [at('2026-01-16T18:00:00Z'), at('2026-01-17T18:00:00Z')] });
    expect(await alerted('2026-01-16T00:00:00Z')).toEqual(['dog@18:00:00:-', 'dog@18:00:00:alert']);
    await ctx.settings.remove(manager, night.id);
    // Without rules every event is an alert again.
    await ingest(birch, { events: [at('2026-01-18T18:00:00Z', 'person')] });
    expect(await alerted('2026-01-18T00:00:00Z')).toEqual(['person@18:00:00:alert']);
    // A Saturday-only rule (DECISIONS.md: every day, Sunday to Saturday): 2026-01-30 is a Friday, 01-31 a Saturday.
    const { rule: saturdays } = await ctx.settings.create(manager, BIRCH, rule({ days: ['Saturday'], time_range: { mode: 'All Day' } }));
    await ingest(birch, { events: [at('2026-01-30T18:00:00Z'), at('2026-01-31T18:00:00Z'), at('2026-02-01T18:00:00Z')] });
    expect(await alerted('2026-01-30T00:00:00Z')).toEqual(['dog@18:00:00:-', 'dog@18:00:00:alert', 'dog@18:00:00:-']);
    await ctx.settings.remove(manager, saturdays.id);
    // Only the alerts were announced to Birch's open pages.
    const announced = ctx.notices.filter((n) => n.kind === 'objects' && n.domain === BIRCH).flatMap((n) => n.ids);
    expect(announced).toHaveLength(5);
  });

  it('keep their throttling per rule: a changed rule starts afresh', async () => {
    const manager = await ctx.principal('manager@maple.example');
    const { rule: pets } = await ctx.settings.create(
      manager,
      BIRCH,
      rule({ time_range: { mode: 'All Day' }, days: ['Day'], rate_limit_seconds: 90 }),
    );
    await ingest(birch, { events: [at('2026-03-02T18:00:00Z')] });
    await ingest(birch, { events: [at('2026-03-02T18:00:30Z')] }); // inside 90 s: no alert
    await ctx.settings.update(
      manager,
      pets.id,
      rule({ time_range: { mode: 'All Day' }, days: ['Day'], rate_limit_seconds: 90, name: 'Pets' }),
    );
    await ingest(birch, { events: [at('2026-03-02T18:01:00Z')] }); // the changed rule forgot the last alert
    expect(await alerted('2026-03-02T00:00:00Z')).toEqual(['dog@18:00:00:alert', 'dog@18:00:30:-', 'dog@18:01:00:alert']);
    await ctx.settings.remove(manager, pets.id);
  });
});

describe('an elopement alert', () => {
  it('raised on a face sent without its pictures: when they follow, the alert has them and its pages are told', async () => {
    ctx.clock.advance(3_600_000);
    const sent = { ...face(MARGARET, ctx.clock.now() - 1_000), runtime_face_uuid: 'fa000000-0000-4000-8000-0000000000a7' };
    expect((await ingest(maple, { faces: [sent] })).elopement_alerts).toBe(1);
    const alert = (await activeAlerts()).find((a) => a.runtime_face_uuid === sent.runtime_face_uuid)!;
    expect(alert.posterFrame).toBeNull();
    ctx.notices.length = 0;
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]).toString('base64');
    expect(await ingest(maple, { faces: [{ ...sent, crop: jpeg, frame: jpeg }] })).toMatchObject({
      faces: { duplicates: 1 },
      elopement_alerts: 0,
    });
    expect(ctx.notices.filter((n) => n.kind === 'elopement')).toEqual([{ kind: 'elopement', domain: MAPLE, ids: [alert.alert_id] }]);
    expect((await activeAlerts()).find((a) => a.alert_id === alert.alert_id)?.posterFrame).toBeTruthy();
  });
});
