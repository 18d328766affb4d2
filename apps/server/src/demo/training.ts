import type { Clock } from '../lib/clock.js';
import type { AccessRepository } from '../modules/auth/access.repository.js';
import type { FacesPort } from '../modules/faces/faces.port.js';
import type { ModelsService } from '../modules/training/models.service.js';
import type { TrainingRepository } from '../modules/training/training.repository.js';
import { DEMO_DOMAINS } from './seed.js';

/**
 * The demo's first model. Vigil's analyzer watches the demo cameras and recognises the demo residents filmed there (real
 * recognition on real frames of their public-domain portraits). Once it has named them often enough, a DEMO REVIEWER
 * (the staff demo account, so the review log says who) confirms the sightings the analyzer was surest of, and a model
 * is trained from them, for staff to open on /staff/train and load if they choose. It stands in for the reviews a care
 * home's staff would give; every answer is an ordinary row of the review log. Once per building: never when it has a
 * model already.
 */
export const DEMO_REVIEWER = 'staff@vigil.example';
/** The analyzer's surest sightings: only these are confirmed by the demo reviewer. */
const SURE = 0.95;
/** How many sure sightings (at least two people's) before the demo trains. */
const ENOUGH = 10;
const CHECK_MS = 30_000;

export interface DemoTrainingDeps {
  training: Pick<TrainingRepository, 'analyzerSure'>;
  models: Pick<ModelsService, 'startTraining' | 'hasAny'>;
  faces: Pick<FacesPort, 'reviewMatch'>;
  access: Pick<AccessRepository, 'findUserByEmail'>;
  clock: Clock;
  log: { info(msg: string): void; warn(obj: object, msg: string): void };
}

/** One look: trains the demo building's first model when the analyzer has named enough people; true when it did. */
export async function demoTrainingStep(d: DemoTrainingDeps, domain: string = DEMO_DOMAINS.maple.uuid): Promise<boolean> {
  if (await d.models.hasAny(domain)) return true;
  const sure = await d.training.analyzerSure(domain, SURE, 500);
  const people = new Set(sure.map((s) => s.person));
  if (sure.length < ENOUGH || people.size < 2) return false;
  const reviewer = await d.access.findUserByEmail(DEMO_REVIEWER);
  if (!reviewer) return true;
  for (const person of people)
    await d.faces.reviewMatch(
      sure.filter((s) => s.person === person).map((s) => s.id),
      person,
      true,
      reviewer.id,
      d.clock.now(),
    );
  const label = await d.models.startTraining(domain, reviewer.id);
  d.log.info(`demo: the demo reviewer confirmed ${sure.length} sightings of ${people.size} residents; model ${label} is training`);
  return true;
}

/** Looks every 30 s until the demo building has a model. */
export function startDemoTraining(d: DemoTrainingDeps): { stop(): void } {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const tick = () => {
    void demoTrainingStep(d)
      .catch((err: unknown) => {
        d.log.warn({ err }, 'demo training failed');
        return false;
      })
      .then((done) => {
        if (!done && !stopped) timer = setTimeout(tick, CHECK_MS);
      });
  };
  timer = setTimeout(tick, CHECK_MS);
  return {
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
