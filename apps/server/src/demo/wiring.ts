import type { Config } from '../config.js';
import type { App } from '../lib/routes.js';
import { resolveFfmpeg } from '../media/ffmpeg.js';
import type { CamerasRepository } from '../modules/video/cameras.repository.js';
import { startDemoCameras, type DemoCamerasHandle } from './cameras.js';
import { startDemoDetections, type DemoDetectionsDeps, type DemoDetectionsHandle } from './detections.js';
import { demoScenes, prepareSceneMedia, type DemoScene } from './scenes.js';
import { startDemoTraining, type DemoTrainingDeps } from './training.js';

// Everything the demo adds to a running server, in one place: simulated detections through the ingest API and the
// simulated RTSP cameras. app.ts only asks for them.

/** Demo detections start in the background once the server is ready (their history goes through the ingest API). */
export function wireDemoDetections(app: App, deps: Omit<DemoDetectionsDeps, 'app' | 'log'>): void {
  let handle: DemoDetectionsHandle | null = null;
  app.addHook('onReady', () => {
    const started = Date.now();
    void startDemoDetections({ ...deps, app, log: app.log })
      .then((started_) => {
        handle = started_;
        app.log.info(`demo detections ready in ${Date.now() - started} ms`);
      })
      .catch((err: unknown) => app.log.error({ err }, 'demo detections failed to start'));
    return Promise.resolve();
  });
  app.addHook('onClose', () => handle?.stop());
}

/** The demo's first model, trained once the analyzer has recognised the demo residents often enough (training.ts). */
export function wireDemoTraining(app: App, deps: Omit<DemoTrainingDeps, 'log'>): void {
  let handle: { stop(): void } | null = null;
  app.addHook('onReady', () => {
    handle = startDemoTraining({ ...deps, log: { info: (msg) => app.log.info(msg), warn: (obj, msg) => app.log.warn(obj, msg) } });
    return Promise.resolve();
  });
  app.addHook('onClose', () => handle?.stop());
}

/**
 * A simulated Hikvision NVR on the same server, to onboard a building with in the demo: channels 1 to 4, high (…01) and
 * low (…02) streams, at 127.0.0.1 on the demo RTSP port. Mounts start encoding only when a recorder connects.
 */
export const DEMO_NVR_CHANNELS = 4;
const demoNvrMounts = () =>
  Array.from({ length: DEMO_NVR_CHANNELS }, (_, i) => i + 1).flatMap((channel) =>
    [1, 2].map((stream) => ({ path: `/Streaming/Channels/${channel}0${stream}`, name: `NVR Channel ${channel}` })),
  );

/**
 * The simulated RTSP cameras for the demo's cameras (those on 127.0.0.1 with a /demo/ path), moved to this run's
 * port first, each showing its scene (scenes.ts, made by prepareDemoScenes), and a simulated NVR for onboarding. Null
 * when the demo cameras are off.
 */
export async function startDemoRtsp(
  video: Config['video'],
  cameras: Pick<CamerasRepository, 'moveDemoCameras' | 'all'>,
  log: App['log'],
): Promise<DemoCamerasHandle | null> {
  if (!video.demoCameras) return null;
  await cameras.moveDemoCameras(video.demoRtspPort);
  const demo = (await cameras.all()).filter((c) => c.host === '127.0.0.1' && c.path.startsWith('/demo/'));
  const scenes = demo.length > 0 ? await prepareDemoScenes(video, log) : null;
  return startDemoCameras({
    script: video.demoCameraScript,
    port: video.demoRtspPort,
    cameras: [
      ...demo.map((c) => {
        const scene = scenes?.[c.uuid];
        return { path: c.path, name: c.description, ...(scene && { scene }) };
      }),
      ...demoNvrMounts(),
    ],
    log,
  });
}

/** Scenes made (or not) by this process, by cache folder: made once, however often asked for. */
const preparedScenes = new Map<string, Promise<Record<string, DemoScene> | null>>();

/**
 * The demo cameras' scenes, or null (test patterns) when they cannot be made: the server starts either way. main.ts
 * asks for them before the server is built, so that making them on the first start (a few seconds, longer on a loaded
 * machine) does not happen in an onReady hook, which Fastify times out; startDemoRtsp then gets the same answer.
 */
export function prepareDemoScenes(
  video: Config['video'],
  log: { info(msg: string): void; warn(obj: object, msg?: string): void },
): Promise<Record<string, DemoScene> | null> {
  const key = `${video.demoSceneCache}\n${video.demoMediaDir}\n${video.demoVisitSeconds}`;
  let prepared = preparedScenes.get(key);
  if (!prepared) {
    prepared = makeDemoScenes(video, log);
    preparedScenes.set(key, prepared);
  }
  return prepared;
}

async function makeDemoScenes(
  video: Config['video'],
  log: { info(msg: string): void; warn(obj: object, msg?: string): void },
): Promise<Record<string, DemoScene> | null> {
  try {
    const ffmpeg = await resolveFfmpeg();
    if (!ffmpeg) throw new Error('ffmpeg not found');
    const { media } = await prepareSceneMedia({
      ffmpeg,
      sourceDir: video.demoMediaDir,
      cacheDir: video.demoSceneCache,
      log: { info: (msg) => log.info(msg) },
    });
    return demoScenes(media, video.demoVisitSeconds);
  } catch (err) {
    log.warn({ err }, 'demo cameras show a test pattern: their scenes could not be made from media/');
    return null;
  }
}
