import type { Config } from '../config.js';
import type { App } from '../lib/routes.js';
import type { CamerasRepository } from '../modules/video/cameras.repository.js';
import { startDemoCameras, type DemoCamerasHandle } from './cameras.js';
import { startDemoDetections, type DemoDetectionsDeps, type DemoDetectionsHandle } from './detections.js';

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

/**
 * The simulated RTSP cameras for the demo's cameras (those on 127.0.0.1 with a /demo/ path), moved to this run's
 * port first. Null when the demo cameras are off or there are none.
 */
export async function startDemoRtsp(
  video: Config['video'],
  cameras: Pick<CamerasRepository, 'moveDemoCameras' | 'all'>,
  log: App['log'],
): Promise<DemoCamerasHandle | null> {
  if (!video.demoCameras) return null;
  await cameras.moveDemoCameras(video.demoRtspPort);
  const demo = (await cameras.all()).filter((c) => c.host === '127.0.0.1' && c.path.startsWith('/demo/'));
  if (demo.length === 0) return null;
  return startDemoCameras({
    script: video.demoCameraScript,
    port: video.demoRtspPort,
    cameras: demo.map((c) => ({ path: c.path, name: c.description })),
    log,
  });
}
