import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';
import { makeTestCerts } from '../scripts/lib/test-certs.mjs';

// The product is built before this runs (npm run build); this config only serves and tests it.
const port = Number(process.env.E2E_PORT ?? 18080);
const baseURL = `http://localhost:${port}`;
// The server's throw-away data folder, made here so the workers (which inherit this environment) can reach it with the
// administration CLI: specs make their own people and grants instead of changing the demo's.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'vigil-e2e-'));
// The local push receiver of the alert specs (apps/server/test/push-receiver.ts): one fixed port per parallel worker
// from E2E_PUSH_PORT, which the server admits (VIGIL_PUSH_ALLOW_HOSTS, read at its start), and a certificate it trusts
// through NODE_EXTRA_CA_CERTS (read by Node at start, so set here for the server), with the receiver's server.pem beside
// it. `npm test` makes them for every tier; run by hand, they are made here, in the data folder the server removes when
// it stops, and the CAs NODE_EXTRA_CA_CERTS named already stay trusted beside the run's own.
process.env.E2E_PUSH_PORT ??= String(port + 3);
process.env.E2E_PUSH_SLOTS ??= '4';
/** NODE_EXTRA_CA_CERTS for the server: a file with the receiver's server.pem beside it, made when the run has none. */
function receiverCas(dataDir: string): string {
  const given = process.env.NODE_EXTRA_CA_CERTS;
  if (given && existsSync(join(dirname(given), 'server.pem'))) return given;
  const dir = join(dataDir, 'test-certs');
  mkdirSync(dir, { recursive: true });
  const bundle = join(dir, 'ca-bundle.pem');
  const before = given && existsSync(given) ? readFileSync(given, 'utf8') : '';
  writeFileSync(bundle, `${before}\n${readFileSync(makeTestCerts(dir).caCert, 'utf8')}`);
  return bundle;
}
const caCerts = receiverCas(process.env.E2E_DATA_DIR);
process.env.NODE_EXTRA_CA_CERTS = caCerts;

// Screenshots for a human to look at are taken only on request: E2E_SHOTS=/tmp/vigil-shots.
const ignored = process.env.E2E_SHOTS ? [] : ['**/screenshots.spec.ts'];

export default defineConfig({
  testDir: './specs',
  testIgnore: ignored,
  outputDir: './test-results',
  fullyParallel: true,
  workers: 2,
  // Real cameras, recorders and OCR share two cores with the browsers: a timing-sensitive spec may fail once under
  // load. It gets one more try and is then reported as flaky in the summary, never silently; a real failure fails twice.
  retries: 1,
  forbidOnly: Boolean(process.env.CI),
  // Bounds for a loaded 2-core machine (eleven cameras recording, two browsers, OCR): a page that shows what it should
  // within these is working; the waits themselves follow what the page shows, so a fast machine never waits this long.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  // The test runner script sets PLAYWRIGHT_JSON_OUTPUT_NAME to collect the counts; without it the report goes to a file, not stdout.
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? './playwright-report/results.json' }]],
  use: {
    baseURL,
    headless: true,
    viewport: { width: 1280, height: 800 },
    // Recording a trace costs the browsers about 40% more CPU (14 specs: 147 s traced, 86 s not): only a retry records
    // one, so a test that fails twice leaves its trace for the report.
    trace: 'on-first-retry',
  },
  projects: [
    {
      // What a person sees right after `npm start`: runs first, alone, while the server has just started (the other
      // project depends on it).
      name: 'fresh-start',
      testMatch: /fresh-start\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: CHROMIUM_ARGS,
        },
      },
    },
    {
      name: 'chromium',
      dependencies: ['fresh-start'],
      testIgnore: [...ignored, /fresh-start\.spec\.ts$/],
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
  webServer: {
    // Runs in this folder; serve.mjs finds the repository root itself.
    command: 'node support/serve.mjs',
    url: `${baseURL}/api/v1/config`,
    env: {
      E2E_PORT: String(port),
      E2E_DATA_DIR: process.env.E2E_DATA_DIR,
      E2E_PUSH_PORT: process.env.E2E_PUSH_PORT,
      E2E_PUSH_SLOTS: process.env.E2E_PUSH_SLOTS,
      NODE_EXTRA_CA_CERTS: caCerts,
    },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
