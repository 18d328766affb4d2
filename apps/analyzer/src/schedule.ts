/**
 * Which camera's frame goes to the next free model worker, and how often each camera is sampled. Pure rules, so they
 * are tested without video or models.
 *
 * Exits first: a camera that can raise an elopement alert (today an exit: only exits raise them) is served before the
 * others whenever it has a frame waiting, unless the previous pick was already an exit's while another camera has been
 * waiting longer than `maxWaitMs`: then the others get every other pick. The others share what is left in a fixed
 * rotation (each busy camera in turn, whatever the moment its frames arrive). So, with `n` other cameras waiting and
 * every pick taking `t`, an other camera waits at most `maxWaitMs + 2·n·t` (stated, and checked by the tests) and an
 * exit at most one pick beyond the analyses already running.
 */

export interface CameraQueueState {
  id: string;
  /** it can raise an elopement alert: served first */
  exit: boolean;
  /** since when it has had a frame waiting (its first unserved one: a newer frame replaces it, the time stays); null: none */
  waitingSince: number | null;
  /** a frame of it is being analysed (a camera's frames are analysed one after another, in order) */
  busy: boolean;
}

export interface SchedulerMemory {
  /** the last camera of the rotation of the others that was served */
  lastOther: string | null;
  /** whether the last pick was an exit's */
  lastWasExit: boolean;
}

export const FRESH_SCHEDULER: SchedulerMemory = { lastOther: null, lastWasExit: false };

export interface Pick {
  id: string;
  memory: SchedulerMemory;
}

/** The camera to serve next, in `cameras`' order for ties; null when nothing waits (or all that waits is busy). */
export function pickNext(cameras: readonly CameraQueueState[], memory: SchedulerMemory, now: number, maxWaitMs: number): Pick | null {
  const ready = cameras.filter((c) => c.waitingSince !== null && !c.busy);
  if (ready.length === 0) return null;
  const others = cameras.filter((c) => !c.exit);
  const starving = ready.some((c) => !c.exit && now - c.waitingSince! >= maxWaitMs);
  const exits = ready.filter((c) => c.exit);
  if (exits.length > 0 && !(memory.lastWasExit && starving)) {
    // the exit that has waited longest
    const exit = exits.reduce((a, b) => (b.waitingSince! < a.waitingSince! ? b : a));
    return { id: exit.id, memory: { ...memory, lastWasExit: true } };
  }
  const start = memory.lastOther === null ? 0 : others.findIndex((c) => c.id === memory.lastOther) + 1;
  for (let i = 0; i < others.length; i++) {
    const camera = others[(start + i) % others.length]!;
    if (camera.waitingSince !== null && !camera.busy) return { id: camera.id, memory: { lastOther: camera.id, lastWasExit: false } };
  }
  return null;
}

export interface SamplingSettings {
  /** frames a second of every camera */
  fps: number;
  /** frames a second of an exit while someone may be arriving there */
  exitFps: number;
  /** how long an exit keeps its faster rate after motion began there, or after a face was last seen there (ms) */
  exitHoldMs: number;
}

/** What the sampling rule knows of a camera: times are filming times (ms), null for never. */
export interface SamplingState {
  exit: boolean;
  /** when motion last began after stillness (someone arriving) */
  motionBeganAt: number | null;
  /** when a face was last found */
  lastFaceAt: number | null;
}

/**
 * How many frames a second to take of a camera now: an exit is sampled at `exitFps` for `exitHoldMs` after motion
 * begins there (someone arriving: a face reaching the door is seen within a fraction of a second) and while faces are
 * seen there; every other camera, and an exit otherwise, at `fps`. An exit that films a street moves all the time, with
 * no face near enough to find: it stays at `fps` (at 4 a second every motion, the demo's two street-facing exits alone
 * took most of a core).
 */
export function samplingFps(camera: SamplingState, at: number, s: SamplingSettings): number {
  if (!camera.exit) return s.fps;
  const within = (t: number | null) => t !== null && at - t >= 0 && at - t <= s.exitHoldMs;
  return within(camera.motionBeganAt) || within(camera.lastFaceAt) ? Math.max(s.fps, s.exitFps) : s.fps;
}
