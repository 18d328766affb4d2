import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { readlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

export const RTSP_SCRIPT = resolve(import.meta.dirname, '../demo/rtsp-cameras.py');

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
    server.on('error', fail);
  });
}

/** Simulated RTSP cameras on loopback (the demo's GStreamer server) for tests. */
export async function startRtspCameras(
  cameras: { path: string; name: string; scene?: unknown }[],
): Promise<{ port: number; url(path: string): string; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn('/usr/bin/python3', [RTSP_SCRIPT, String(port)], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin!.end(JSON.stringify(cameras));
  await new Promise<void>((done, fail) => {
    createInterface({ input: child.stdout! }).on('line', (line) => line.startsWith('ready') && done());
    child.once('exit', (code) => fail(new Error(`rtsp-cameras.py exited with ${code}`)));
  });
  return {
    port,
    url: (path) => `rtsp://127.0.0.1:${port}${path}`,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/** Polls until `check` returns a value, or fails after `timeoutMs`. Tests wait for what happens, not for a fixed time. */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 30_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Processes whose working directory is `dir` (a recorder's ffmpeg works in its camera's clip folder). */
export async function processesWorkingIn(dir: string): Promise<number[]> {
  const pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  const inside = await Promise.all(
    pids.map(async (pid) => ((await readlink(`/proc/${pid}/cwd`).catch(() => '')) === dir ? Number(pid) : 0)),
  );
  return inside.filter((pid) => pid !== 0);
}

/** Every process's command line on this machine: what `ps` shows to any user. */
export function commandLines(): string[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      } catch {
        return '';
      }
    });
}
