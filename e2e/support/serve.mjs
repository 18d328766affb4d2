// Starts the built Vigil server for the e2e run on a fresh, throw-away data folder (so every run
// begins with the demo data only), and removes that folder when the server stops.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const port = process.env.E2E_PORT ?? '18080';
// The alert specs' push receivers on loopback (one per parallel worker, e2e/support/push.ts): admitted by the server.
const pushPort = Number(process.env.E2E_PUSH_PORT ?? Number(port) + 3);
const pushSlots = Number(process.env.E2E_PUSH_SLOTS ?? 4);
const pushAllowHosts = Array.from({ length: pushSlots }, (_, i) => `127.0.0.1:${pushPort + i}`).join(',');

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Data folders of earlier runs whose server was killed before it could remove them (their owner pid is gone). */
function removeAbandonedDataDirs() {
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith('vigil-e2e-'))) {
    const dir = join(tmpdir(), name);
    let owner = 0;
    try {
      owner = Number(readFileSync(join(dir, 'serve.pid'), 'utf8'));
    } catch {
      // no pid file: made by a config that has not started its server yet, or by an old version; an hour is plenty
      if (Date.now() - statSync(dir).mtimeMs < 3_600_000) continue;
    }
    if (owner > 0 && alive(owner)) continue;
    rmSync(dir, { recursive: true, force: true });
  }
}
removeAbandonedDataDirs();
// The config made the folder so the specs know it (E2E_DATA_DIR); made here when this script runs alone.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'vigil-e2e-'));
writeFileSync(join(dataDir, 'serve.pid'), String(process.pid));

const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    VIGIL_DATA_DIR: dataDir,
    VIGIL_PUBLIC_URL: `http://localhost:${port}`,
    // The demo cameras record for real; short clips give the archive specs recordings within seconds.
    VIGIL_DEMO_RTSP_PORT: process.env.E2E_RTSP_PORT ?? '18554',
    VIGIL_CLIP_SECONDS: process.env.E2E_CLIP_SECONDS ?? '10',
    VIGIL_LOG_LEVEL: process.env.VIGIL_LOG_LEVEL ?? 'warn',
    // The simulated 7-day history; live detections come from the analyzer watching the demo cameras.
    VIGIL_DEMO_DETECTIONS: 'history',
    // The training spec starts and loads Maple's models itself; the demo's own first model would race it.
    VIGIL_DEMO_TRAINING: 'off',
    // The demo residents walk past the front entrance every 30 s (in turn), so the analyzer raises an alert within a minute or so.
    VIGIL_DEMO_VISIT_SECONDS: process.env.E2E_VISIT_SECONDS ?? '30',
    // One model worker: the two browsers share the machine's two cores with the server, and what the specs need of the
    // analyzer (an exit's visitor every 30 s, nine still cameras) one core does. With one per core the analyzer took the
    // second core whenever a face was at the exit, and the e2e tier went from about 560 to 790 s.
    VIGIL_ANALYZER_WORKERS: process.env.E2E_ANALYZER_WORKERS ?? '1',
    // Web Push to the specs' receivers: https on loopback, their certificate trusted through NODE_EXTRA_CA_CERTS.
    VIGIL_PUSH_ALLOW_HOSTS: [process.env.VIGIL_PUSH_ALLOW_HOSTS, pushAllowHosts].filter(Boolean).join(','),
  },
});

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  // Playwright and a terminal signal the whole process group, so the server usually has the signal already;
  // pass it on only if it is still running a moment later (serve.mjs alone was signalled), then insist.
  const forward = setTimeout(() => server.kill(signal), 2_000);
  const insist = setTimeout(() => server.kill('SIGKILL'), 8_000);
  forward.unref();
  insist.unref();
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

server.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
