import { randomUUID } from 'node:crypto';
import { INGEST, zonedParts, type IngestBatch, type IngestEvent, type IngestFace } from '@vigil/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.js';
import type { App } from '../lib/routes.js';
import type { AccessRepository } from '../modules/auth/access.repository.js';
import type { ElopementAlertsRepository } from '../modules/alerts/elopement.repository.js';
import type { EventsRepository } from '../modules/events/events.repository.js';
import type { DetectorsService } from '../modules/ingest/detectors.service.js';
import type { FacesPort } from '../modules/faces/faces.port.js';
import { accessControlKey, historyTaps, makeDemoReports, sendTaps, startLiveTaps, type DemoReports } from './access-control.js';
import { DEMO_CAMERAS, DEMO_DOMAINS, DEMO_EXIT_CAMERAS, DEMO_PEOPLE } from './seed.js';

/**
 * A SIMULATED 7-day history of detections for the demo buildings, sent on first start through the real ingest API
 * with a real detector key, so the timeline and the alerts have a past (and, from the simulated access control, the
 * badge pages: access-control.ts). Nothing here looks at the video (the README
 * says so); live detections come from Vigil's analyzer watching the demo cameras.
 */
export const DEMO_DETECTOR_NAME = 'Vigil demo detector (simulated)';
const HISTORY_DAYS = 7;
const DAY_MS = 86_400_000;

export interface DemoDetectionsHandle {
  stop(): void;
}

export interface DemoDetectionsDeps {
  app: App;
  detectors: DetectorsService;
  events: EventsRepository;
  elopement: ElopementAlertsRepository;
  access: AccessRepository;
  clock: Clock;
  log: FastifyBaseLogger;
  random?: () => number;
  /** the faces the analyzer saw (the simulated access control taps the badges of people recognised at the door) */
  faces?: Pick<FacesPort, 'atCamera'>;
  /** the first start's reports of the simulated week (access-control.ts) */
  reports?: DemoReports;
}

type DomainKey = keyof typeof DEMO_DOMAINS;
/** The demo cameras of a building, as the seed defines them; outdoor ones also see cars and trucks. */
const camerasOf = (domain: DomainKey) =>
  DEMO_CAMERAS.filter((c) => c.domain === domain).map((c) => ({ uuid: c.uuid, outdoor: c.description.includes('Outdoor') }));
const exitOf = (domain: DomainKey): string => camerasOf(domain).find((c) => DEMO_EXIT_CAMERAS.some((exit) => exit === c.uuid))!.uuid;

/** What an SSD-style detector reports: names with its 'ssd_' prefix now and then, confidences between 0.55 and 0.99. */
export function simulatedObjects(random: () => number, outdoor: boolean): { name: string; confidence: number }[] {
  const r = random();
  const names =
    r < 0.55
      ? ['person']
      : r < 0.67
        ? ['person', 'person']
        : r < 0.7
          ? ['person', 'person', 'person', 'person']
          : r < 0.78
            ? [random() < 0.5 ? 'dog' : 'pet']
            : r < 0.84
              ? ['box']
              : r < 0.89
                ? ['bicycle']
                : outdoor
                  ? [random() < 0.7 ? 'car' : 'truck']
                  : ['person', 'pet'];
  return names.map((name) => ({
    name: random() < 0.5 ? `ssd_${name}` : name,
    confidence: Math.round((0.55 + random() * 0.44) * 100) / 100,
  }));
}

/** Busier by day than by night: the mean gap between detections on one camera at a local hour. */
const meanGapMs = (localHour: number) => (localHour >= 7 && localHour < 21 ? 12 : 45) * 60_000;

export function historyBatch(domain: DomainKey, now: number, random: () => number): { events: IngestEvent[]; faces: IngestFace[] } {
  const events: IngestEvent[] = [];
  for (const camera of camerasOf(domain)) {
    for (let t = now - HISTORY_DAYS * DAY_MS; t < now - 60_000;) {
      const hour = Math.floor(zonedParts(t, DEMO_DOMAINS[domain].timezone).minutes / 60);
      t += Math.round(meanGapMs(hour) * (0.2 + random() * 1.6));
      if (t >= now - 60_000) break;
      events.push({ camera_uuid: camera.uuid, started_at: new Date(t).toISOString(), objects: simulatedObjects(random, camera.outdoor) });
    }
  }
  // Faces at the exit in the last day: residents at risk raise elopement alerts, others do not.
  const exit = exitOf(domain);
  const people = DEMO_PEOPLE.filter((p) => p.domain === domain);
  const faces: IngestFace[] = [];
  // [hours ago, person index]: Maple sees Margaret, Walter (both at risk), Edith and Nora; Birch sees Harold (at risk) and Ruth.
  const sightings: [number, number][] =
    domain === 'maple'
      ? [
          [20, 0],
          [9, 1],
          [5, 2],
          [3, 0],
          [2, 3],
          [1.5, 1],
        ]
      : [
          [14, 0],
          [6, 1],
          [2, 0],
        ];
  // Nora follows Margaret out 3 s after her, on Margaret's one tap (the simulated access control's tailgate).
  if (domain === 'maple') sightings.push([3 - 3 / 3600, 3]);
  sightings.forEach(([h, index]) => {
    const person = people[index]!;
    faces.push({
      runtime_face_uuid: randomUUID(),
      camera_uuid: exit,
      captured_at: new Date(now - h * 3_600_000).toISOString(),
      frontend_face_uuid: person.uuid,
      confidence: 0.95,
      box: { x: 0.42, y: 0.22, w: 0.12, h: 0.2 },
    });
  });
  return { events, faces };
}

/** A small seeded generator (mulberry32): the same seed gives the same simulated day. */
export function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function send(app: App, key: string, batch: IngestBatch): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/ingest/v1/batch',
    headers: { authorization: `Bearer ${key}` },
    payload: batch,
  });
  if (response.statusCode !== 200) throw new Error(`demo ingest refused (${response.statusCode}): ${response.body}`);
}

export async function startDemoDetections(d: DemoDetectionsDeps): Promise<DemoDetectionsHandle> {
  const random = d.random ?? seededRandom(d.clock.now() % 2 ** 31);
  const keys = new Map<DomainKey, string>();
  for (const [name, domain] of Object.entries(DEMO_DOMAINS) as [DomainKey, (typeof DEMO_DOMAINS)[DomainKey]][]) {
    // A fresh key per start (keys are stored hashed); the previous demo key stops working.
    await d.detectors.revokeByName(domain.uuid, DEMO_DETECTOR_NAME);
    const { key } = await d.detectors.issue(domain.uuid, DEMO_DETECTOR_NAME, ['detector'], null);
    keys.set(name, key);
    if (await d.events.anyInDomain(domain.uuid)) continue;
    const now = d.clock.now();
    const { events, faces } = historyBatch(name, now, random);
    for (let i = 0; i < events.length; i += INGEST.maxEvents) await send(d.app, key, { events: events.slice(i, i + INGEST.maxEvents) });
    await send(d.app, key, { faces });
    await sendTaps(d.app, await accessControlKey(d.detectors, domain.uuid), domain.uuid, historyTaps(name, now));
    if (d.reports) await makeDemoReports(d.reports, domain.uuid, now);
    await dismissOldest(d, domain.uuid);
    d.log.info(`demo: ${events.length} simulated events and ${faces.length} faces of history in ${domain.description}`);
  }
  // Live badge taps at Maple's front entrance, for the people Vigil's analyzer recognises there.
  const live = d.faces
    ? startLiveTaps({ app: d.app, faces: d.faces, key: await accessControlKey(d.detectors, DEMO_DOMAINS.maple.uuid), clock: d.clock })
    : null;
  return { stop: () => live?.stop() };
}

/** One alert of the history was dismissed by Nora Quinn with her PIN, so the list shows both states. */
async function dismissOldest(d: DemoDetectionsDeps, domainUuid: string): Promise<void> {
  const nora = await d.access.findUserByEmail('nurse@maple.example');
  if (!nora || domainUuid !== DEMO_DOMAINS.maple.uuid) return;
  const [oldest] = await d.elopement.list({
    domain: domainUuid,
    since: 0,
    includeDismissed: false,
    ascending: true,
    offset: 0,
    limit: 1,
  });
  if (oldest) await d.elopement.dismiss(oldest.alert_id, nora.id, 'pin', nora.id, oldest.event_ts + 4 * 60_000);
}
