import { ANALYZER_CHILD_ENV, childEnv } from '@vigil/contract';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { App } from '../lib/routes.js';

/** The name of the deployment key the server makes for its own analyzer (the last start's is revoked). */
export const LOCAL_ANALYZER_KEY_NAME = "Vigil's analyzer (on this server)";

export interface LocalAnalyzerLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface LocalAnalyzerHandle {
  stop(): Promise<void>;
}

const RESTART_MS = [2_000, 5_000, 15_000, 60_000];

/**
 * Runs Vigil's analyzer (apps/analyzer) beside the server, as its own process and a client of the server like any
 * other analyzer (so a facility can run more of them elsewhere). Restarted with backoff if it dies; its log lines join
 * the server's. Null when it is not built.
 */
export function startLocalAnalyzer(o: {
  entry: string;
  serverUrl: string;
  key: string;
  log: LocalAnalyzerLog;
  env?: Record<string, string>;
}): LocalAnalyzerHandle | null {
  if (!existsSync(o.entry)) {
    o.log.warn({ entry: o.entry }, 'the analyzer is not built (npm run build): nothing analyses the cameras');
    return null;
  }
  let child: ChildProcess | null = null;
  let stopping = false;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;

  const start = () => {
    const startedAt = Date.now();
    // The key goes in the environment, never on the command line (where `ps` shows it to every user of the machine).
    const proc = spawn(process.execPath, ['--enable-source-maps', o.entry], {
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own settings and what it is told, never the server's (VIGIL_SECRET, DATABASE_URL, …).
      env: childEnv(process.env, {
        pass: ANALYZER_CHILD_ENV,
        set: {
          ...o.env,
          VIGIL_ANALYZER_SERVER: o.serverUrl,
          VIGIL_ANALYZER_KEY: o.key,
          // It stops by itself if this server dies without stopping it (kill -9).
          VIGIL_ANALYZER_PARENT_PID: String(process.pid),
        },
      }),
    });
    child = proc;
    const forward = (line: string) => {
      try {
        const entry = JSON.parse(line) as { level?: string; msg?: string };
        if (entry.level === 'warn') o.log.warn({}, entry.msg ?? line);
        else o.log.info({}, entry.msg ?? line);
      } catch {
        if (line.trim()) o.log.info({}, `analyzer: ${line.slice(0, 500)}`);
      }
    };
    createInterface({ input: proc.stdout! }).on('line', forward);
    createInterface({ input: proc.stderr! }).on('line', (line) => {
      if (line.trim() && !line.includes('ExperimentalWarning')) o.log.warn({}, `analyzer: ${line.slice(0, 500)}`);
    });
    proc.on('exit', (code, signal) => {
      if (child === proc) child = null;
      if (stopping) return;
      if (Date.now() - startedAt > 60_000) failures = 0;
      const wait = RESTART_MS[Math.min(failures, RESTART_MS.length - 1)]!;
      failures += 1;
      o.log.warn({ code, signal, restartIn: wait }, 'the analyzer stopped; starting it again');
      timer = setTimeout(start, wait);
      timer.unref();
    });
  };
  start();
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (timer) clearTimeout(timer);
        const proc = child;
        if (!proc || proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
        setTimeout(() => proc.kill('SIGKILL'), 6_000).unref();
      }),
  };
}

/** Where a process on this machine reaches the server: its port on loopback (or the one address it listens on). */
export function loopbackUrl(address: ReturnType<App['server']['address']>): string {
  if (!address || typeof address === 'string') throw new Error('the server is not listening on a TCP port');
  const host = ['0.0.0.0', '::'].includes(address.address)
    ? '127.0.0.1'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * The server's own analyzer (VIGIL_ANALYZER=local): started once the server listens, through its loopback address,
 * with a key made afresh for it (`issueKey`); stopped when the server closes.
 */
export function wireLocalAnalyzer(app: App, o: { entry: string; issueKey: (name: string) => Promise<string> }): void {
  let handle: LocalAnalyzerHandle | null = null;
  app.addHook('onListen', async () => {
    const key = await o.issueKey(LOCAL_ANALYZER_KEY_NAME);
    handle = startLocalAnalyzer({ entry: o.entry, serverUrl: loopbackUrl(app.server.address()), key, log: app.log });
  });
  app.addHook('onClose', async () => {
    await handle?.stop();
  });
}
