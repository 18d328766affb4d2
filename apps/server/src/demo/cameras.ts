import { GSTREAMER_CHILD_ENV, childEnv } from '@vigil/contract';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { DemoScene } from './scenes.js';

export interface DemoCamerasHandle {
  stop(): Promise<void>;
}

/**
 * Runs the simulated RTSP cameras (GStreamer's RTSP server, apps/server/demo/rtsp-cameras.py) on loopback,
 * so the demo records through the same path as real cameras. A camera without a scene shows a test pattern.
 * Null when the machine lacks GStreamer.
 */
export async function startDemoCameras(options: {
  script: string;
  port: number;
  cameras: { path: string; name: string; scene?: DemoScene }[];
  log: { warn(obj: object, msg?: string): void; info(obj: object, msg?: string): void };
}): Promise<DemoCamerasHandle | null> {
  const python = '/usr/bin/python3';
  if (!existsSync(python) || !existsSync(options.script)) {
    options.log.warn({ script: options.script }, 'demo cameras need /usr/bin/python3 with GStreamer (see README)');
    return null;
  }
  const child: ChildProcess = spawn(python, [options.script, String(options.port)], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: childEnv(process.env, { pass: GSTREAMER_CHILD_ENV }),
  });
  child.stdin!.end(JSON.stringify(options.cameras));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 15_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('ready')) {
        clearTimeout(timer);
        resolve(true);
      }
    });
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
  if (!ready) {
    child.kill('SIGKILL');
    options.log.warn({ stderr: stderr.trim() }, 'demo cameras did not start (GStreamer RTSP server missing?)');
    return null;
  }
  options.log.info({ port: options.port, cameras: options.cameras.length }, 'demo cameras streaming on loopback');
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}
