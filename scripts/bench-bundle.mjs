// `npm run bench:bundle`: the JavaScript the landing page loads, as Chromium downloads it (compressed bytes on the wire).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';
import { ensureBuilt, ensureNodeModules, root } from './lib/setup.mjs';

ensureNodeModules();
ensureBuilt();
const port = 18190;
const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-'));
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), VIGIL_DATA_DIR: dataDir, VIGIL_LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => String(chunk).includes('Vigil is running') && resolve());
  server.on('exit', () => reject(new Error('server exited')));
});

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const page = await browser.newPage();
const scripts = [];
page.on('requestfinished', async (request) => {
  if (request.resourceType() !== 'script') return;
  const response = await request.response();
  const sizes = await request.sizes();
  scripts.push({
    url: request.url(),
    raw: (await response.body()).length,
    wire: sizes.responseBodySize,
    encoding: (await response.allHeaders())['content-encoding'] ?? 'none',
  });
});
await page.goto(`http://localhost:${port}/`, { waitUntil: 'networkidle' });
await page.getByRole('button', { name: 'Log in with Google' }).waitFor();
await browser.close();
server.kill('SIGTERM');
rmSync(dataDir, { recursive: true, force: true });

let raw = 0;
let wire = 0;
for (const script of scripts) {
  raw += script.raw;
  wire += script.wire;
  console.log(`${(script.wire / 1024).toFixed(1).padStart(7)} KB ${script.encoding.padEnd(4)} ${new URL(script.url).pathname}`);
}
console.log(
  `Landing page JavaScript: ${scripts.length} files, ${(raw / 1024).toFixed(1)} KB raw, ${(wire / 1024).toFixed(1)} KB downloaded (goal: under 170 KB)`,
);
