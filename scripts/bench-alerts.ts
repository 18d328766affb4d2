// `npm run bench:alerts` (scripts/bench-alerts.mjs starts it): how fast an elopement alert leaves Vigil for a
// caregiver's phone and a facility's systems. latency: a resident at risk fully in view of an exit camera, with 15
// busy street cameras beside it and the real analyzer → the push accepted by a push service on loopback (which checks
// VAPID and decrypts it, as a phone's would) and the MQTT message at a subscriber of a real mosquitto; escalation: an
// unacknowledged alert told to the next tier at its delay (real clock); fanout: one alert to 200 subscribed devices.
// Prints figures against their goals; asserts nothing. BENCH_PART=latency,escalation,fanout (all by default);
// BENCH_VISITS (latency samples, 12), BENCH_BUSY (15), BENCH_ESCALATIONS (8), BENCH_DEVICES (200), BENCH_FANOUTS (10).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import mqtt from 'mqtt';
import sharp from 'sharp';
import webpush from 'web-push';
import { STREET_FPS } from '../apps/server/src/demo/scenes.js';
import { AccessRepository } from '../apps/server/src/modules/auth/access.repository.js';
import { EXIT, MARGARET, WALTER } from '../apps/server/test/demo-ids.js';
import { MAPLE, bearer, createTestContext, detectorKey, type TestContext } from '../apps/server/test/harness.js';
import { jpegBytes } from '../apps/server/test/pictures.js';
import { receiverCertsFromEnv, startPushReceiver, type PushDevice, type PushReceiver } from '../apps/server/test/push-receiver.js';
import {
  PORTRAIT,
  allAnalysing,
  cleanupAll,
  onCleanup,
  scenes,
  scratchDir,
  sleep,
  startAnalyzer,
  startRig,
  wasInterrupted,
} from './bench-analyzer/common.js';
import type { BenchCamera, Rig } from './bench-analyzer/common.js';
import { addResident, removeResident } from './bench-analyzer/latency.js';
import { count, load, ms, percentile, verdict } from './lib/bench.js';
import { ensureBuilt, ensureVideoTools } from './lib/setup.mjs';

const size = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const VISITS = size('BENCH_VISITS', 12);
const BUSY = size('BENCH_BUSY', 15);
const ESCALATIONS = size('BENCH_ESCALATIONS', 8);
const DEVICES = size('BENCH_DEVICES', 200);
const FANOUTS = size('BENCH_FANOUTS', 10);
const MQTT_URL = process.env.BENCH_MQTT_URL;
// As in bench:analyzer's latency part: visits fall at every phase of the analyzer's sampling.
const PERIOD_S = 20.3;
const DURATION_S = 8;
const FRAME_WIDTH = 480;
const MISS_AFTER_MS = 15_000;
const CAMERA = 'Bench Exit';

/** The push service on loopback and the server configuration that trusts and admits it, with VAPID keys of the run's own. */
async function pushSetup(): Promise<{ receiver: PushReceiver; env: Record<string, string> }> {
  const vapid = webpush.generateVAPIDKeys();
  const receiver = await startPushReceiver({ ...receiverCertsFromEnv(), vapidPublicKey: vapid.publicKey });
  onCleanup(() => receiver.close());
  return {
    receiver,
    env: {
      VIGIL_VAPID_PUBLIC_KEY: vapid.publicKey,
      VIGIL_VAPID_PRIVATE_KEY: vapid.privateKey,
      VIGIL_PUSH_ALLOW_HOSTS: receiver.hostPort,
      ...(MQTT_URL && { VIGIL_MQTT_URL: MQTT_URL }),
    },
  };
}

async function subscribe(ctx: TestContext, token: string, device: PushDevice, label: string): Promise<void> {
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/push/subscriptions',
    headers: bearer(token),
    payload: { domain_uuid: MAPLE, device_label: label, subscription: device.subscription },
  });
  if (reply.statusCode !== 200) throw new Error(`subscription refused: ${reply.body}`);
}

async function escalation(ctx: TestContext, token: string, delaySeconds: number, tiers: number): Promise<void> {
  const reply = await ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/alerts/escalation',
    headers: bearer(token),
    payload: {
      domain_uuid: MAPLE,
      settings: {
        delay_seconds: delaySeconds,
        tiers: Array.from({ length: tiers }, (_, i) => ({ name: `Tier ${i + 1}`, role_ids: [], user_ids: [] })),
      },
    },
  });
  if (reply.statusCode !== 200) throw new Error(`escalation settings refused: ${reply.body}`);
}

/** Every message on the building's MQTT event topic, as a subscriber of the facility's broker gets it, with its time. */
async function mqttListener(): Promise<{
  messages: { at: number; message: { alert_id: string; event_type: string; person_name: string } }[];
  close(): Promise<void>;
} | null> {
  if (!MQTT_URL) return null;
  const client = await mqtt.connectAsync(MQTT_URL, { clientId: `bench-${randomUUID().slice(0, 8)}` });
  const messages: { at: number; message: { alert_id: string; event_type: string; person_name: string } }[] = [];
  client.on('message', (_topic, payload) => messages.push({ at: Date.now(), message: JSON.parse(payload.toString()) }));
  await client.subscribeAsync(`vigil/${MAPLE}/elopement/event`, { qos: 1 });
  const close = onCleanup(() => client.endAsync());
  return { messages, close };
}

// ---- latency

async function benchLatency(): Promise<void> {
  console.log(`\nlatency — a resident at risk fully in view of an exit camera → push accepted, MQTT message (${load()})`);
  const { receiver, env } = await pushSetup();
  const m = await scenes();
  const dir = scratchDir('vigil-bench-alerts-');
  const seen = await sharp(PORTRAIT).resize(120).flop().modulate({ brightness: 0.85 }).jpeg({ quality: 70 }).toBuffer();
  const cutout = join(dir, 'visitor.png');
  writeFileSync(cutout, await sharp(seen).ensureAlpha().png().toBuffer());
  const cutoutWidth = (await sharp(cutout).metadata()).width!;
  const streets = Array.from({ length: BUSY }, (_, i): BenchCamera => ({
    name: `Street ${i + 1}`,
    scene: { background: { kind: 'frames', dir: i % 2 === 0 ? m.street : m.streetFlipped, fps: STREET_FPS } },
  }));
  const rig: Rig = await startRig(
    [
      {
        name: CAMERA,
        exit: true,
        scene: {
          background: { kind: 'still', image: m.stills.facade },
          visitors: [{ image: cutout, period_s: PERIOD_S, offset_s: 0, duration_s: DURATION_S, direction: 'ltr', y: 0.2 }],
        },
      },
      ...streets,
    ],
    { env },
  );
  const analyzer = startAnalyzer(rig);
  let galleryAt = 0;
  analyzer.onLog((line) => {
    if (line.msg.includes(`gallery of ${MAPLE}: 1 people`)) galleryAt = Date.now();
  });
  const listener = await mqttListener();
  try {
    await escalation(rig.ctx, rig.manager, 600, 1);
    const nurse = await rig.ctx.signIn('nurse@maple.example');
    const phone = receiver.device();
    await subscribe(rig.ctx, nurse, phone, 'Bench phone');
    console.log(
      `  ${1 + BUSY} cameras (the exit and ${BUSY} busy street scenes), one analyzer; a nurse's phone subscribed; MQTT: ${MQTT_URL ? 'a local mosquitto' : 'off (BENCH_MQTT_URL unset)'}`,
    );
    await allAnalysing(rig);
    const lead = (DURATION_S * cutoutWidth) / (FRAME_WIDTH + cutoutWidth);
    const samples: { push: number | null; mqtt: number | null; stored: number | null }[] = [];
    let person: string | null = null;
    for (let n = 1; samples.length < VISITS && n <= VISITS + 5; n++) {
      const lastStart = Math.floor(Date.now() / 1000 / PERIOD_S) * PERIOD_S * 1000;
      await sleep(Math.max(0, lastStart + DURATION_S * 1000 + 3_000 - Date.now()));
      const name = `Grace Visit${n}`;
      const next = await addResident(rig, `Visit${n}`);
      if (person) await removeResident(rig, person);
      person = next;
      const since = Date.now();
      for (const deadline = since + 15_000; galleryAt < since && Date.now() < deadline;) await sleep(100);
      const start = Math.ceil((Date.now() / 1000 + 0.5) / PERIOD_S) * PERIOD_S;
      const visible = Math.round((start + lead) * 1000);
      const pushOf = () => phone.received.find((p) => (p.message as { person_name?: string }).person_name === name);
      const mqttOf = () => listener?.messages.find((x) => x.message.person_name === name && x.message.event_type === 'raised');
      while (Date.now() < visible + MISS_AFTER_MS && (!pushOf() || (listener && !mqttOf()))) await sleep(50);
      const push = pushOf();
      const alert = push
        ? await rig.ctx.database.db
            .selectFrom('elopement_alerts')
            .select(['created_at', 'event_ts'])
            .where('alert_id', '=', (push.message as { alert_id: string }).alert_id)
            .executeTakeFirst()
        : undefined;
      if (alert && alert.event_ts < start * 1000 - 500) {
        console.log(`    visit ${String(n).padStart(2)}: alert from an earlier visit's frames, discarded`);
        continue;
      }
      const sample = {
        push: push ? push.at - visible : null,
        mqtt: mqttOf() ? mqttOf()!.at - visible : null,
        stored: alert ? alert.created_at - visible : null,
      };
      samples.push(sample);
      const said = (v: number | null) => (v === null ? 'miss' : ms(v));
      console.log(
        `    visit ${String(n).padStart(2)}: alert stored ${said(sample.stored)}, push accepted ${said(sample.push)}, MQTT ${said(sample.mqtt)}`,
      );
    }
    const line = (label: string, values: number[], goal: number | null) => {
      if (values.length === 0) return console.log(`  ${label}: none`);
      const p95 = percentile(values, 95);
      console.log(
        `  ${label}: p50 ${ms(percentile(values, 50))}, p95 ${ms(p95)}, max ${ms(Math.max(...values))} (n=${values.length}${goal === null ? '' : `; goal p95 ≤ ${goal / 1000} s: ${verdict(p95 <= goal)}`})`,
      );
    };
    const of = (k: 'push' | 'mqtt' | 'stored') => samples.flatMap((s) => (s[k] === null ? [] : [s[k]!]));
    line('fully in view → alert stored', of('stored'), null);
    line('fully in view → push accepted by the local receiver', of('push'), 1500);
    if (listener) line('fully in view → MQTT message', of('mqtt'), 1500);
    const stored = samples.filter((s) => s.push !== null && s.stored !== null).map((s) => s.push! - s.stored!);
    line('alert stored → push accepted (queue, encryption, HTTPS)', stored, null);
    console.log(`  missed: ${samples.filter((s) => s.push === null).length} of ${samples.length}`);
  } finally {
    await listener?.close();
    await analyzer.stop();
    await rig.stop();
  }
}

// ---- escalation and fan-out: the server alone, alerts sent through the ingest API

/** A face of `person` at the demo exit, as a detector sends it (with its crop); the alert's id and stored moment. */
async function raise(ctx: TestContext, key: string, person: string, at: number): Promise<{ alertId: string; storedAt: number }> {
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/ingest/v1/batch',
    headers: bearer(key),
    payload: {
      faces: [
        {
          runtime_face_uuid: randomUUID(),
          camera_uuid: EXIT,
          captured_at: new Date(at).toISOString(),
          frontend_face_uuid: person,
          confidence: 0.96,
          box: { x: 0.4, y: 0.2, w: 0.1, h: 0.2 },
          crop: (await jpegBytes(160)).toString('base64'),
        },
      ],
    },
  });
  if (reply.statusCode !== 200) throw new Error(`batch refused: ${reply.body}`);
  const row = await ctx.database.db
    .selectFrom('elopement_alerts')
    .select(['alert_id', 'created_at'])
    .where('event_ts', '=', at)
    .where('frontend_face_uuid', '=', person)
    .executeTakeFirstOrThrow();
  return { alertId: row.alert_id, storedAt: Number(row.created_at) };
}

async function serverOnly(env: Record<string, string>) {
  const ctx = await createTestContext(env);
  onCleanup(() => ctx.close());
  await ctx.app.ready();
  const manager = await ctx.signIn('manager@maple.example');
  const key = await detectorKey(ctx, manager, MAPLE, 'bench detector', ['detector']);
  return { ctx, manager, key };
}

async function benchEscalation(): Promise<void> {
  const delay = 10;
  console.log(`\nescalation — an unacknowledged alert told to the next tier ${delay} s after it was raised (real clock; ${load()})`);
  const { receiver, env } = await pushSetup();
  const { ctx, manager, key } = await serverOnly(env);
  await escalation(ctx, manager, delay, 3);
  const nurse = await ctx.signIn('nurse@maple.example');
  const phone = receiver.device();
  await subscribe(ctx, nurse, phone, 'Bench phone');
  const offsets: number[] = [];
  const pushed: number[] = [];
  const base = Date.now() - 3_600_000;
  for (let i = 0; i < ESCALATIONS; i++) {
    // A person alerts again at the same exit 120 s later: captures spaced by 130 s (in the past), raised now.
    const { alertId } = await raise(ctx, key, i % 2 === 0 ? MARGARET : WALTER, base + 130_000 * i);
    const steps = async () =>
      ctx.database.db.selectFrom('elopement_alert_steps').select(['step', 'at']).where('alert_id', '=', alertId).orderBy('at').execute();
    for (const deadline = Date.now() + (delay + 5) * 1000; Date.now() < deadline && !(await steps()).some((s) => s.step === 'escalated');)
      await sleep(50);
    const all = await steps();
    const raised = all.find((s) => s.step === 'raised');
    const escalated = all.find((s) => s.step === 'escalated');
    if (!raised || !escalated) {
      console.log(`    alert ${i + 1}: not escalated within ${delay + 5} s (miss)`);
      continue;
    }
    const offset = Number(escalated.at) - (Number(raised.at) + delay * 1000);
    offsets.push(offset);
    const push = await receiver
      .until(
        (r) =>
          r.some(
            (p) =>
              (p.message as { alert_id?: string; step?: string }).alert_id === alertId &&
              (p.message as { step?: string }).step === 'escalated',
          ),
        10_000,
      )
      .then((r) =>
        r.find(
          (p) =>
            (p.message as { alert_id?: string; step?: string }).alert_id === alertId &&
            (p.message as { step?: string }).step === 'escalated',
        )!,
      )
      .catch(() => null);
    if (push) pushed.push(push.at - (Number(raised.at) + delay * 1000));
    // acknowledged, so it escalates no further while the next one is measured
    await ctx.app.inject({ method: 'POST', url: `/api/v1/faces/alerts/${alertId}/acknowledge`, headers: bearer(nurse) });
    console.log(
      `    alert ${i + 1}: escalated ${offset >= 0 ? '+' : ''}${ms(offset)} from its delay${push ? `, its push accepted ${ms(push.at - (Number(raised.at) + delay * 1000))} after` : ''}`,
    );
  }
  if (offsets.length > 0) {
    const worst = Math.max(...offsets.map(Math.abs));
    console.log(
      `  escalation vs its delay: p50 ${ms(percentile(offsets, 50))}, worst ${ms(worst)} (n=${offsets.length}; goal within ± 1 s: ${verdict(worst <= 1000)})`,
    );
    if (pushed.length > 0)
      console.log(`  delay reached → the escalation's push accepted: p50 ${ms(percentile(pushed, 50))}, max ${ms(Math.max(...pushed))}`);
  }
  await ctx.close();
}

async function benchFanout(): Promise<void> {
  console.log(`\nfanout — one alert to ${count(DEVICES)} subscribed devices of ${Math.ceil(DEVICES / 10)} caregivers (${load()})`);
  const { receiver, env } = await pushSetup();
  const { ctx, manager, key } = await serverOnly(env);
  await escalation(ctx, manager, 600, 1);
  // Devices of the building's caregivers (a person turns alerts on on at most 10 devices per building): each device
  // signed in on its own (a session per device).
  const access = new AccessRepository(ctx.database.db, ctx.clock);
  const caregivers: string[] = [];
  for (let i = 0; i < Math.ceil(DEVICES / 10); i++) {
    const user = await access.ensureUser(`bench-caregiver-${i}@maple.example`, `Bench Caregiver ${i}`);
    await access.grant(user.id, MAPLE, 'caregiver');
    caregivers.push(user.email);
  }
  const devices: PushDevice[] = [];
  const started = performance.now();
  for (let i = 0; i < DEVICES; i++) {
    const token = await ctx.signIn(caregivers[Math.floor(i / 10)]!);
    const device = receiver.device();
    await subscribe(ctx, token, device, `Phone ${i + 1}`);
    devices.push(device);
  }
  console.log(`  ${count(DEVICES)} devices subscribed in ${ms(performance.now() - started)}`);
  const lasts: number[] = [];
  const each: number[] = [];
  const base = Date.now() - 3_600_000;
  // One alert first, not counted: the server's first connections to the push service (TLS) and its first VAPID
  // signature are made then, as a running server has them made long before an alert.
  for (let i = -1; i < FANOUTS; i++) {
    const { alertId, storedAt } = await raise(ctx, key, i % 2 === 0 ? MARGARET : WALTER, base + 130_000 * (i + 1));
    const mine = (r: typeof receiver.received) => r.filter((p) => (p.message as { alert_id?: string }).alert_id === alertId);
    const got = await receiver.until((r) => mine(r).length >= DEVICES, 30_000).then(mine, () => mine(receiver.received));
    const times = got.map((p) => p.at - storedAt);
    const last = Math.max(...times);
    if (i >= 0) {
      each.push(...times);
      lasts.push(last);
    }
    console.log(
      `    ${i < 0 ? 'warm-up' : `alert ${i + 1}`}: ${got.length} of ${DEVICES} pushes accepted, the last ${ms(last)} after the alert was stored`,
    );
  }
  const p99 = percentile(each, 99);
  console.log(
    `  alert stored → each push accepted: p50 ${ms(percentile(each, 50))}, p99 ${ms(p99)} (n=${count(each.length)}; goal p99 ≤ 1 s: ${verdict(p99 <= 1000)}); the last of each alert: max ${ms(Math.max(...lasts))}`,
  );
  await ctx.close();
}

const PARTS = { latency: benchLatency, escalation: benchEscalation, fanout: benchFanout } as const;
type Part = keyof typeof PARTS;
const chosen = (process.env.BENCH_PART ?? Object.keys(PARTS).join(','))
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const unknown = chosen.filter((p) => !(p in PARTS));
if (unknown.length > 0) throw new Error(`BENCH_PART: unknown part ${unknown.join(', ')} (latency, escalation, fanout)`);

const began = performance.now();
let failed = false;
try {
  if (chosen.includes('latency')) {
    ensureBuilt();
    ensureVideoTools();
  }
  console.log(`bench:alerts — parts: ${chosen.join(', ')} (${load()})`);
  for (const part of chosen as Part[]) await PARTS[part]();
} catch (error) {
  failed = true;
  if (!wasInterrupted())
    console.error(`\nbench:alerts stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
} finally {
  await cleanupAll();
}
console.log(`\nbench:alerts took ${((performance.now() - began) / 1000).toFixed(0)} s`);
process.exit(failed ? 1 : 0);
