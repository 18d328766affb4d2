// `npm run bench:bundle`: the gzip size of the JavaScript the landing page loads, measured in Chromium.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
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
page.on('response', async (response) => {
  if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), body: await response.body() });
});
await page.goto(`http://localhost:${port}/`, { waitUntil: 'networkidle' });
await page.getByRole('button', { name: 'Log in with Google' }).waitFor();
await browser.close();
server.kill('SIGTERM');
rmSync(dataDir, { recursive: true, force: true });

let raw = 0;
let gzip = 0;
for (const script of scripts) {
  const size = gzipSync(script.body, { level: 9 }).length;
  raw += script.body.length;
  gzip += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB gzip  ${new URL(script.url).pathname}`);
}
console.log(
  `Landing page JavaScript: ${scripts.length} files, ${(raw / 1024).toFixed(1)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzip (goal: under 170 KB)`,
);
