// `npm test`: install what is missing, then every tier: checks, unit, server on SQLite and on
// PostgreSQL, and the Playwright e2e specs in Debian's Chromium against the built product.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hasPostgres, startPostgres } from './lib/postgres.mjs';
import { ensureBuilt, ensureDebianPackage, ensureNodeModules, ensureVideoTools, root } from './lib/setup.mjs';

const only = process.argv.slice(2);
const wanted = (tier) => only.length === 0 || only.includes(tier);
const reports = mkdtempSync(join(tmpdir(), 'vigil-test-reports-'));
const tally = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function tier(name, command, args, { env = {}, report } = {}) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (report) {
    try {
      const counts = report(JSON.parse(readFileSync(report.file, 'utf8')));
      tally.passed += counts.passed;
      tally.failed += counts.failed;
      tally.skipped += counts.skipped;
    } catch {
      tally.failed += 1;
    }
  }
  // A tier without its own test report (the checks) counts as one test.
  if (!report) tally[result.status === 0 ? 'passed' : 'failed'] += 1;
  if (result.status !== 0) failures.push(name);
  console.log(`=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${seconds} s`);
}

function vitestTier(name, project, env = {}) {
  const file = join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const report = (json) => ({
    passed: json.numPassedTests,
    failed: json.numFailedTests,
    skipped: json.numPendingTests + json.numTodoTests,
  });
  report.file = file;
  tier(name, 'npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile=${file}`], {
    env,
    report,
  });
}

const started = Date.now();
ensureNodeModules();
ensureDebianPackage('/usr/bin/chromium', 'chromium');
ensureDebianPackage(hasPostgres, 'postgresql');
ensureVideoTools();
ensureDebianPackage('/usr/bin/tesseract', ['tesseract-ocr', 'tesseract-ocr-eng'], {
  why: 'the e2e specs read the time burnt into the demo video',
});

if (wanted('check')) tier('check (typecheck, lint, format)', 'npm', ['run', 'check']);
if (wanted('unit')) vitestTier('unit', 'unit');
if (wanted('server')) vitestTier('server on SQLite', 'server');
if (wanted('postgres')) {
  const postgres = await startPostgres();
  try {
    vitestTier('server on PostgreSQL', 'server', { VIGIL_TEST_DATABASE_URL: postgres.url });
  } finally {
    postgres.stop();
  }
}
if (wanted('e2e')) {
  ensureBuilt();
  const file = join(reports, 'e2e.json');
  const report = (json) => ({ passed: json.stats.expected + json.stats.flaky, failed: json.stats.unexpected, skipped: json.stats.skipped });
  report.file = file;
  tier('e2e (Playwright, Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file },
    report,
  });
}
rmSync(reports, { recursive: true, force: true });

console.log(
  `\nnpm test took ${((Date.now() - started) / 1000).toFixed(0)} s${failures.length ? `; failed tiers: ${failures.join(', ')}` : ''}`,
);
console.log(`${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
