import { readdirSync, readFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, freePort, processesWorkingIn, RTSP_SCRIPT } from '../../test/rtsp-simulator.js';
import { startDemoCameras } from '../demo/cameras.js';
import { systemClock } from '../lib/clock.js';
import { resolveFfmpeg, runFfmpeg } from '../media/ffmpeg.js';
import { MediaStore } from '../media/media-store.js';
import { CameraRecorder } from '../media/recorder.js';
import { TestStreamGenerator } from '../media/test-stream.js';
import { startLocalAnalyzer } from './local-analyzer.js';

// Child processes get only what they need (issue 36): an ffmpeg parsing untrusted video, or the analyzer, must not
// hold the server's secret or its database's password. Each child is read from outside while it runs
// (/proc/<pid>/environ, as its owner or root could). No database: it runs once, in the SQLite pass.
const SECRETS = { VIGIL_SECRET: 'child-env-test-secret', DATABASE_URL: 'postgres://vigil:child-env-pw@127.0.0.1:1/vigil' };
const silent = { info: () => undefined, warn: () => undefined };
const saved: Record<string, string | undefined> = {};
let ffmpeg: string;
let root: string;

/** A process's environment as the kernel holds it. */
const environOf = (pid: number): Record<string, string> =>
  Object.fromEntries(
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
/** The processes whose command line holds `marker`. */
const processesWith = (marker: string): number[] =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker);
      } catch {
        return false;
      }
    })
    .map(Number);
const expectNoSecrets = (env: Record<string, string>) => {
  expect(env).not.toHaveProperty('VIGIL_SECRET');
  expect(env).not.toHaveProperty('DATABASE_URL');
  expect(Object.values(env).join('\n')).not.toMatch(/child-env-test-secret|child-env-pw/);
  expect(env.PATH).toBe(process.env.PATH);
};

describe.skipIf(Boolean(process.env.VIGIL_TEST_DATABASE_URL) || process.platform !== 'linux')('what a child process inherits', () => {
  beforeAll(async () => {
    ffmpeg = (await resolveFfmpeg())!;
    root = mkdtempSync(join(tmpdir(), 'vigil-child-env-'));
    for (const [name, value] of Object.entries({ ...SECRETS, VIGIL_ANALYZER_FPS: '2' })) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
  });
  afterAll(() => {
    for (const [name, value] of Object.entries(saved))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    rmSync(root, { recursive: true, force: true });
  });

  it('an ffmpeg run to completion (pictures, reports) sees no secret', async () => {
    const marker = `child-env-${process.pid}-${Date.now()}`;
    // Real time (-re) for a minute: it runs until killed.
    const args = ['-hide_banner', '-nostdin', '-re', '-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=5', '-t', '60'];
    const run = runFfmpeg(ffmpeg, [...args, '-metadata', `comment=${marker}`, '-f', 'null', '-']).catch(() => 'ended');
    const [pid] = await eventually(async () => processesWith(marker).length > 0 && processesWith(marker), 10_000, 'the ffmpeg');
    expectNoSecrets(environOf(pid!));
    process.kill(pid!, 'SIGKILL');
    expect(await run).toBe('ended');
  });

  it('a camera’s recording ffmpeg sees no secret, and records in UTC', async () => {
    // A camera that accepts the connection and never answers: ffmpeg waits on it for as long as the test reads it.
    const sockets = new Set<Socket>();
    const camera: Server = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((done) => camera.listen(0, '127.0.0.1', done));
    const port = (camera.address() as { port: number }).port;
    const store = new MediaStore(join(root, 'media'));
    const recorder = new CameraRecorder(
      { uuid: 'c1a00001-0000-4000-8000-0000000000e1', url: `rtsp://admin:pw@127.0.0.1:${port}/x` },
      {
        store,
        index: { add: async () => undefined, filesOf: async () => [], removeFiles: async () => undefined },
        ffmpeg,
        clock: systemClock,
        clipSeconds: 3,
        hlsSeconds: 1,
        log: silent,
      },
    );
    await recorder.start();
    try {
      const pid = await eventually(async () => (await processesWorkingIn(recorder.clipDir))[0], 10_000, 'its ffmpeg');
      const env = environOf(pid);
      expectNoSecrets(env);
      expect(env.TZ).toBe('UTC');
    } finally {
      await recorder.stop();
      for (const socket of sockets) socket.destroy();
      await new Promise((done) => camera.close(done));
    }
  });

  it('the test stream’s ffmpeg sees no secret', async () => {
    const generator = new TestStreamGenerator({ ffmpeg, mediaRoot: join(root, 'test-stream'), clock: systemClock, log: silent });
    try {
      await generator.ensureRunning();
      const [pid] = await processesWorkingIn(generator.dir);
      expectNoSecrets(environOf(pid!));
    } finally {
      await generator.stop();
    }
  });

  it('the server’s own analyzer sees its server, its key and its own settings, and no secret', async () => {
    // Stands in for apps/analyzer's build: a process that stays up until stopped.
    const entry = join(root, `analyzer-${process.pid}.mjs`);
    writeFileSync(entry, 'setInterval(() => undefined, 1000);\n');
    const handle = startLocalAnalyzer({ entry, serverUrl: 'http://127.0.0.1:9', key: 'vgd_child-env-key', log: silent });
    try {
      const [pid] = await eventually(async () => processesWith(entry).length > 0 && processesWith(entry), 10_000, 'the analyzer');
      const env = environOf(pid!);
      expectNoSecrets(env);
      expect(env).toMatchObject({
        VIGIL_ANALYZER_SERVER: 'http://127.0.0.1:9',
        VIGIL_ANALYZER_KEY: 'vgd_child-env-key',
        VIGIL_ANALYZER_PARENT_PID: String(process.pid),
        VIGIL_ANALYZER_FPS: '2',
      });
    } finally {
      await handle?.stop();
    }
  });

  it('the demo cameras (GStreamer) see no secret', { timeout: 30_000 }, async () => {
    const port = await freePort();
    const cameras = await startDemoCameras({ script: RTSP_SCRIPT, port, cameras: [{ path: '/demo/env', name: 'Env' }], log: silent });
    if (!cameras) return; // no GStreamer on this machine: nothing was started
    try {
      const [pid] = processesWith(RTSP_SCRIPT).filter((p) => readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(String(port)));
      expectNoSecrets(environOf(pid!));
    } finally {
      await cameras.stop();
    }
  });
});
