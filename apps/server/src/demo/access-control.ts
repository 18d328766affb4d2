import { REPORT_KINDS, type IngestTapInput, type ReportKind } from '@vigil/contract';
import type { Clock } from '../lib/clock.js';
import type { App } from '../lib/routes.js';
import type { FacesPort } from '../modules/faces/faces.port.js';
import type { DetectorsService } from '../modules/ingest/detectors.service.js';
import { DEMO_CAMERAS, DEMO_DOMAINS, DEMO_EXIT_CAMERAS, DEMO_PEOPLE } from './seed.js';

/**
 * A SIMULATED access-control system for the demo (the README says so): badge taps at the demo buildings' exit doors,
 * sent through the real ingest API with a detector key of its own. Its history is placed at the simulated history's
 * sightings (demo/detections.ts): taps that match, a badge used by someone else, a tailgate and taps nobody was seen
 * at. Live, it taps the badge of whoever Vigil's analyzer recognises at Maple Court's front entrance (Grace Hopper and
 * Eileen Collins walk past in the demo video) just before they were seen; every third time Eileen uses Walter's badge.
 */
export const DEMO_ACCESS_CONTROL_NAME = 'Simulated access control (demo)';

type DomainKey = keyof typeof DEMO_DOMAINS;

/** The demo's badge identities: 16-character ids, the registry person each belongs to (by card), unit and role. */
export const DEMO_IDENTITIES: readonly { id: string; person: string; unit: string | null; role: 'tor' | 'cotenant' | 'staff' }[] = [
  { id: 'MPL-U1-HOPPER-01', person: 'f0ce0001-0000-4000-8000-00000000a010', unit: '1', role: 'tor' },
  { id: 'MPL-U1-HILL-0001', person: 'f0ce0001-0000-4000-8000-00000000a001', unit: '1', role: 'cotenant' },
  { id: 'MPL-U1-SHAW-0001', person: 'f0ce0001-0000-4000-8000-00000000a003', unit: '1', role: 'cotenant' },
  { id: 'MPL-U2-COLLINS01', person: 'f0ce0001-0000-4000-8000-00000000a011', unit: '2', role: 'tor' },
  { id: 'MPL-U2-BROOKS-01', person: 'f0ce0001-0000-4000-8000-00000000a002', unit: '2', role: 'cotenant' },
  { id: 'MPL-STAFF-QUINN1', person: 'f0ce0001-0000-4000-8000-00000000a004', unit: null, role: 'staff' },
  { id: 'BRC-GDN-FINCH-01', person: 'f0ce0001-0000-4000-8000-00000000b001', unit: 'Garden', role: 'tor' },
  { id: 'BRC-GDN-DANIELS1', person: 'f0ce0001-0000-4000-8000-00000000b002', unit: 'Garden', role: 'cotenant' },
];

/** The building's exit camera (it sees the door). */
const exitOf = (domain: DomainKey): string =>
  DEMO_CAMERAS.find((c) => c.domain === domain && DEMO_EXIT_CAMERAS.some((exit) => exit === c.uuid))!.uuid;
const DOORS: Record<DomainKey, { id: string; description: string }> = {
  maple: { id: 'maple-front-door', description: 'Front Entrance door' },
  birch: { id: 'birch-garden-gate', description: 'Garden Gate' },
};

/** A tap of `identity`'s badge at the building's exit door at `at`. */
export function demoTap(domain: DomainKey, identityId: string, at: number, source: string): IngestTapInput {
  const identity = DEMO_IDENTITIES.find((i) => i.id === identityId)!;
  const person = DEMO_PEOPLE.find((p) => p.uuid === identity.person)!;
  return {
    source_id: source,
    at: new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    access_point: { ...DOORS[domain], camera_uuid: exitOf(domain) },
    identity: { id: identity.id, name: `${person.first} ${person.last}`.toUpperCase(), unit: identity.unit, role: identity.role },
    credential: { id: person.card!, label: `Card ${person.card}` },
  };
}

/**
 * The history's taps, 2 s before the simulated sightings at the exit (hours ago): [hours, whose badge]. At Maple: 5 h
 * ago Margaret's badge let Edith out (shared badge); 3 h ago Nora followed Margaret through on one tap (tailgate, Nora's
 * face is the history's extra sighting); badges tapped when nobody was seen; the others match.
 */
export function historyTaps(domain: DomainKey, now: number): IngestTapInput[] {
  const taps: [number, string][] =
    domain === 'maple'
      ? [
          [30, 'MPL-U1-HOPPER-01'],
          [28, 'MPL-U2-COLLINS01'],
          [20, 'MPL-U1-HILL-0001'],
          [9, 'MPL-U2-BROOKS-01'],
          [6, 'MPL-U1-SHAW-0001'],
          [5, 'MPL-U1-HILL-0001'],
          [3, 'MPL-U1-HILL-0001'],
          [2, 'MPL-STAFF-QUINN1'],
          [1.5, 'MPL-U2-BROOKS-01'],
        ]
      : [
          [14, 'BRC-GDN-FINCH-01'],
          [6, 'BRC-GDN-DANIELS1'],
          [2, 'BRC-GDN-FINCH-01'],
        ];
  return taps.map(([h, id], i) => demoTap(domain, id, now - h * 3_600_000 - 2_000, `demo-history-${domain}-${i}`));
}

/** Sends taps through the ingest API as an access-control system would. */
export async function sendTaps(app: App, key: string, domain: string, taps: IngestTapInput[]): Promise<void> {
  const reply = await app.inject({
    method: 'POST',
    url: `/api/ingest/v1/access-events?domain_uuid=${domain}`,
    headers: { authorization: `Bearer ${key}` },
    payload: { taps },
  });
  if (reply.statusCode !== 200) throw new Error(`demo taps refused (${reply.statusCode}): ${reply.body}`);
}

/** A fresh key of the simulated system in a building (the previous one is revoked). */
export async function accessControlKey(detectors: DetectorsService, domain: string): Promise<string> {
  await detectors.revokeByName(domain, DEMO_ACCESS_CONTROL_NAME);
  return (await detectors.issue(domain, DEMO_ACCESS_CONTROL_NAME, ['access_control'], null)).key;
}

const LIVE_POLL_MS = 2_000;
/** A person seen again at the door within this long is the same visit (no second tap). */
const SAME_VISIT_MS = 30_000;

/**
 * The live feed: every 2 s, the faces Vigil's analyzer recognised at Maple's front entrance since the last look; the
 * first sighting of a visit by someone holding a demo badge is tapped 1 s before it.
 */
export function startLiveTaps(d: { app: App; faces: Pick<FacesPort, 'atCamera'>; key: string; clock: Clock }): { stop(): void } {
  const camera = exitOf('maple');
  const lastSeen = new Map<string, number>();
  let since = d.clock.now();
  let visits = 0;
  let busy = false;
  const look = async () => {
    const now = d.clock.now();
    const faces = await d.faces.atCamera(camera, since, now, 200);
    since = faces.length > 0 ? Math.max(since, ...faces.map((f) => f.at + 1)) : since;
    const taps: IngestTapInput[] = [];
    for (const face of faces) {
      const identity = DEMO_IDENTITIES.find((i) => i.person === face.person);
      if (!identity || face.confidence < 0.9) continue;
      const previous = lastSeen.get(identity.id);
      lastSeen.set(identity.id, face.at);
      if (previous !== undefined && face.at - previous < SAME_VISIT_MS) continue;
      visits += 1;
      // Eileen borrows Walter's badge every third visit of hers: the badge detail flags it.
      const badge = identity.id === 'MPL-U2-COLLINS01' && visits % 3 === 0 ? 'MPL-U2-BROOKS-01' : identity.id;
      taps.push(demoTap('maple', badge, face.at - 1_000, `demo-live-${face.id}`));
    }
    if (taps.length > 0) await sendTaps(d.app, d.key, DEMO_DOMAINS.maple.uuid, taps);
  };
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    look()
      .catch((err: unknown) => d.app.log.warn({ err }, 'demo access control: a tap was not sent'))
      .finally(() => (busy = false));
  }, LIVE_POLL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** What the demo asks of badges and reports on the first start. */
export interface DemoReports {
  evaluate(domain: string): Promise<number>;
  generate(domain: string, kind: ReportKind, start: number, end: number, by: string | null): Promise<string>;
}

/** Who the demo's reports of the simulated week name as having asked for them. */
export const DEMO_REPORTS_BY = 'Vigil demo (simulated history)';

/** On the first start: the simulated week's taps looked at, and one report of each kind over the week. */
export async function makeDemoReports(d: DemoReports, domain: string, now: number): Promise<void> {
  await d.evaluate(domain);
  for (const kind of REPORT_KINDS) await d.generate(domain, kind, now - 7 * 86_400_000, now, DEMO_REPORTS_BY);
}
