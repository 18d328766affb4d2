// What the parts of `npm run bench:analyzer` share: cleaning up whatever they started (also on Ctrl-C), the scene
// media, and the real parts (simulated cameras, an in-process server with the recorder on, Vigil's analyzer as its own
// process) wired together as the pipeline test does.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { CameraAnalysis } from '@vigil/contract';
import { prepareSceneMedia, type DemoScene, type SceneMedia } from '../../apps/server/src/demo/scenes.js';
import { CamerasRepository } from '../../apps/server/src/modules/video/cameras.repository.js';
import { MAPLE, bearer, createTestContext, detectorKey, type TestContext } from '../../apps/server/test/harness.js';
import { eventually, freePort, startRtspCameras } from '../../apps/server/test/rtsp-simulator.js';
import { descendants, processTable, under } from './proc.js';

export const repo = resolve(import.meta.dirname, '../..');
export const PORTRAIT = join(repo, 'media/grace_hopper_512x512.jpg');
export const FFMPEG = '/usr/bin/ffmpeg';
export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

// ---- cleaning up ----

const cleanups: (() => unknown)[] = [];

/** Runs `undo` at the end (last registered first), or earlier through the returned function (then only once). */
export function onCleanup(undo: () => unknown): () => Promise<void> {
  let done = false;
  const once = async () => {
    if (done) return;
    done = true;
    await undo();
  };
  cleanups.push(once);
  return once;
}

let cleaning: Promise<void> | null = null;

/**
 * Undoes everything registered, newest first, then ends whatever this process started that is still running. Called
 * twice (Ctrl-C while the bench is stopping anyway), both wait for the one cleanup.
 */
export function cleanupAll(): Promise<void> {
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      const undo = cleanups.pop()!;
      try {
        await undo();
      } catch (error) {
        console.error(`  (cleanup: ${error instanceof Error ? error.message : String(error)})`);
      }
    }
    for (const pid of descendants(process.pid)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
  })();
  return cleaning;
}

let interrupted = false;
/** Whether Ctrl-C (or SIGTERM) stopped the bench: what fails after it is only the bench being taken down. */
export const wasInterrupted = () => interrupted;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping everything this bench started…`);
    const force = setTimeout(() => process.exit(130), 20_000);
    force.unref();
    void cleanupAll().finally(() => process.exit(130));
  });

/** A temporary folder, removed at the end. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

// ---- the real parts ----

let sceneMedia: Promise<SceneMedia> | null = null;

/** The demo's scene media (street frames, stills, cut-outs), made once per run from media/ in a temporary folder. */
export function scenes(): Promise<SceneMedia> {
  sceneMedia ??= prepareSceneMedia({ ffmpeg: FFMPEG, sourceDir: join(repo, 'media'), cacheDir: scratchDir('vigil-bench-scenes-') }).then(
    (r) => r.media,
  );
  return sceneMedia;
}

export interface BenchCamera {
  name: string;
  scene: DemoScene;
  exit?: boolean;
}

export interface Rig {
  ctx: TestContext;
  url: string;
  manager: string;
  cameras: { uuid: string; name: string }[];
  /** the simulated cameras' process */
  simulatorPid: number;
  /** a detector key for Maple Court */
  key: string;
  stop(): Promise<void>;
}

/**
 * Simulated cameras showing `cameras`, and a server (in this process, listening on loopback, the recorder on) where
 * they are Maple Court's only cameras. With `web`, the server serves the built web app too; `env` adds to its configuration.
 */
export async function startRig(cameras: BenchCamera[], options: { web?: boolean; env?: Record<string, string> } = {}): Promise<Rig> {
  const simulators = under(process.pid, /rtsp-cameras\.py/);
  const before = new Set(simulators(processTable()));
  const rtsp = await startRtspCameras(cameras.map((c, i) => ({ path: `/bench/${i}`, name: c.name, scene: c.scene })));
  const stopRtsp = onCleanup(() => rtsp.stop());
  const simulatorPid = simulators(processTable()).find((pid) => !before.has(pid))!;
  const port = await freePort();
  const ctx = await createTestContext(
    {
      VIGIL_RECORDER: 'on',
      VIGIL_DEMO_CAMERAS: 'off',
      VIGIL_CLIP_SECONDS: '60',
      PORT: String(port),
      VIGIL_PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...options.env,
    },
    async (database) => {
      await database.db.deleteFrom('cameras').execute();
    },
    { serveWeb: options.web ?? false },
  );
  const closeServer = onCleanup(() => ctx.close());
  await ctx.app.listen({ port, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;
  const manager = await ctx.signIn('manager@maple.example');
  const upload = await ctx.app.inject({
    method: 'POST',
    url: '/api/v4/cameras/upload',
    headers: bearer(manager),
    payload: cameras.map((c, i) => ({
      name: c.name,
      domainUUID: MAPLE,
      protocol: 'rtsp',
      host: '127.0.0.1',
      port: rtsp.port,
      path: `/bench/${i}`,
    })),
  });
  if (upload.statusCode !== 200) throw new Error(`cameras refused: ${upload.body}`);
  const uuids = upload.json<{ cameras: { uuid: string }[] }>().cameras.map((c) => c.uuid);
  const repository = new CamerasRepository(ctx.database.db);
  for (const [i, camera] of cameras.entries()) if (camera.exit) await repository.setExit(uuids[i]!, true);
  return {
    ctx,
    url,
    manager,
    cameras: cameras.map((c, i) => ({ uuid: uuids[i]!, name: c.name })),
    simulatorPid,
    key: await detectorKey(ctx, manager, MAPLE, 'bench analyzer', ['analyzer']),
    async stop() {
      await closeServer();
      await stopRtsp();
    },
  };
}

/** How the server sees Maple Court's cameras analysed (GET /api/v4/analyzers as the manager). */
export async function analysis(rig: Rig): Promise<CameraAnalysis[]> {
  const reply = await rig.ctx.app.inject({ method: 'GET', url: `/api/v4/analyzers?domain_uuid=${MAPLE}`, headers: bearer(rig.manager) });
  return reply.json<{ cameras: CameraAnalysis[] }>().cameras;
}

export interface AnalyzerProcess {
  child: ChildProcess;
  pid: number;
  /** its log lines as they come: { time (ms), msg } */
  onLog(listener: (line: { time: number; msg: string }) => void): () => void;
  stop(): Promise<void>;
}

/** Vigil's analyzer from its sources (as the pipeline test starts it), working for the rig's server with its detector key. */
export function startAnalyzer(rig: Rig, env: Record<string, string> = {}): AnalyzerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repo, 'apps/analyzer/src/main.ts')], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, VIGIL_ANALYZER_SERVER: rig.url, VIGIL_ANALYZER_KEY: rig.key, VIGIL_ANALYZER_NAME: 'bench analyzer', ...env },
  });
  const listeners = new Set<(line: { time: number; msg: string }) => void>();
  let tail = '';
  createInterface({ input: child.stdout! }).on('line', (text) => {
    tail = `${tail}${text}\n`.slice(-3000);
    try {
      const line = JSON.parse(text) as { time: number; msg: string };
      for (const listener of listeners) listener(line);
    } catch {
      // not one of its log lines
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (tail = `${tail}${chunk.toString()}`.slice(-3000)));
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) console.error(`  the analyzer exited with ${code}:\n${tail}`);
  });
  const stop = onCleanup(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const readers = descendants(child.pid!);
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    if (!(await Promise.race([exited.then(() => true), sleep(6_000).then(() => false)]))) child.kill('SIGKILL');
    await exited;
    for (const pid of readers)
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // ended with the analyzer
      }
  });
  return {
    child,
    pid: child.pid!,
    onLog(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop,
  };
}

/** Waits until the analyzer reports every camera of the rig as analysed (its first heartbeat with frames). */
export async function allAnalysing(rig: Rig, timeoutMs = 90_000): Promise<void> {
  await eventually(
    async () => {
      const cameras = await analysis(rig);
      return cameras.length === rig.cameras.length && cameras.every((c) => c.report?.state === 'analysing');
    },
    timeoutMs,
    `all ${rig.cameras.length} cameras analysed`,
  );
}
