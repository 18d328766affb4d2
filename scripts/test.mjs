// `npm test`: install what is missing, then every tier: checks, unit, web components, analyzer, the server's services and
// the server over HTTP on SQLite and on PostgreSQL, and the Playwright e2e specs in Debian's Chromium against the built product.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import { join } from 'node:path';
import { hasPostgres, startPostgres } from './lib/postgres.mjs';
import { makeTestCerts } from './lib/test-certs.mjs';
import { startMosquitto } from './lib/mosquitto.mjs';
import { BACKGROUND_MARK, RUN_MARK, killLeftovers, killMarked, markedProcesses } from './lib/process-tree.mjs';
import { ensureBuilt, ensureDebianPackage, ensureNodeModules, ensureVideoTools, root } from './lib/setup.mjs';

const only = process.argv.slice(2);
const wanted = (tier) => only.length === 0 || only.includes(tier);
const reports = mkdtempSync(join(tmpdir(), 'vigil-test-reports-'));
const tally = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const timings = [];
/** Specs that passed only on their retry: failures to fix, named in the summary. */
const flaky = [];
/** Every failed test by name, repeated in the summary: CI may keep only the end of the output. */
const failedTests = [];

/** This run's marked processes (PostgreSQL, and whatever a tier started and is still running). */
const ownProcesses = () => markedProcesses().filter(({ run }) => run === process.pid);

/** Waits up to `ms` for `list()` (of processes) to be empty. */
async function whileAny(list, ms) {
  for (const deadline = Date.now() + ms; Date.now() < deadline && list().length > 0;) await new Promise((r) => setTimeout(r, 250));
}

/** The tier running now, and what must happen if the run is interrupted (the PostgreSQL cluster). */
let running = null;
const onInterrupt = new Set();

/**
 * Ctrl-C, SIGTERM, or the parent (npm) gone: the tier's process group gets SIGTERM (Playwright closes its browsers and
 * web server, the server its recorders and cameras, vitest its workers); whatever this run started and is still
 * running 15 s later is killed, wherever it went; the PostgreSQL cluster and the reports are removed.
 */
let interrupting = false;
async function interrupt(reason) {
  if (interrupting) return;
  interrupting = true;
  console.log(`\n${reason}: stopping the tests and everything they started…`);
  if (running) {
    try {
      process.kill(-running.pid, 'SIGTERM');
    } catch {
      // the group is gone already
    }
  }
  await whileAny(ownProcesses, 5_000);
  // What the tier's own shutdown left (Playwright's web server and the recorders it runs) gets a graceful stop too.
  for (const { pid } of ownProcesses()) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // gone meanwhile
    }
  }
  await whileAny(ownProcesses, 15_000);
  killMarked((run) => run === process.pid);
  for (const cleanup of onInterrupt) cleanup();
  rmSync(reports, { recursive: true, force: true });
  process.exit(130);
}
process.on('SIGINT', () => void interrupt('SIGINT'));
process.on('SIGTERM', () => void interrupt('SIGTERM'));
process.on('SIGHUP', () => void interrupt('SIGHUP'));
// npm does not always pass a SIGTERM on to the script it runs: a runner whose parent went away stops too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void interrupt('npm exited');
}, 1_000).unref();

/** Runs a command in a process group of its own, every descendant marked with this run; resolves with its exit status. */
function runMarked(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
      env: { ...process.env, ...env, [RUN_MARK]: String(process.pid) },
    });
    running = child;
    child.on('exit', (code, signal) => {
      running = null;
      // An interrupted run ends in interrupt(), not with the next tier.
      if (!interrupting) resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/**
 * What a tier left running when it ended (a simulated camera, an ffmpeg, a server whose test forgot to close it) would
 * take the next tiers' CPU: it gets 5 s to finish its shutdown, is then killed, and is named so the leak gets fixed.
 */
async function endLeftovers(name, before) {
  // The native build runs across tiers (its compiler processes come and go): it is no tier's leftover.
  const left = () => ownProcesses().filter(({ pid, background }) => !before.has(pid) && !background);
  await whileAny(left, 5_000);
  const remaining = left();
  if (remaining.length === 0) return;
  const names = remaining.map(({ pid }) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      return String(pid);
    }
  });
  const ids = new Set(remaining.map(({ pid }) => pid));
  killMarked(
    (run) => run === process.pid,
    (pid) => ids.has(pid),
  );
  console.log(`=== ${name} left ${remaining.length} process(es) running, now ended: ${names.join(', ')}`);
}

async function tier(name, command, args, { env = {}, report } = {}) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const before = new Set(ownProcesses().map(({ pid }) => pid));
  const status = await runMarked(command, args, env);
  await endLeftovers(name, before);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`${name} ${seconds} s`);
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
  if (!report) tally[status === 0 ? 'passed' : 'failed'] += 1;
  if (status !== 0) failures.push(name);
  console.log(`=== ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds} s`);
}

/**
 * The server's test files mostly wait on real cameras, ffmpeg and timers (the CPU is idle half of the time with two at
 * a time): four at a time on two cores take ~90-105 s, two ~140 s, one ~330 s (each file has a database of its own,
 * and every port is chosen free).
 */
const SERVER_WORKERS = ['--maxWorkers', '4'];

function vitestTier(name, project, env = {}, extra = []) {
  const file = join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const report = (json) => {
    for (const file of json.testResults ?? [])
      for (const test of file.assertionResults ?? [])
        if (test.status === 'failed')
          failedTests.push(`${name}: ${test.fullName} (${file.name.replace(`${root}/`, '')}): ${firstLine(test.failureMessages?.[0])}`);
    // A file that failed before any test ran (a syntax error, a failing beforeAll) has no failed test to name.
    for (const file of json.testResults ?? [])
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
        failedTests.push(`${name}: ${file.name.replace(`${root}/`, '')}: ${firstLine(file.message)}`);
    return counts(json);
  };
  const counts = (json) => ({
    passed: json.numPassedTests,
    failed: json.numFailedTests,
    skipped: json.numPendingTests + json.numTodoTests,
  });
  report.file = file;
  return tier(
    name,
    'npx',
    ['vitest', 'run', '--project', project, ...extra, '--reporter=default', '--reporter=json', `--outputFile=${file}`],
    {
      env,
      report,
    },
  );
}

/** A failure message's first line, without colours, cut to a line's length. */
function firstLine(message) {
  const plain = stripVTControlCharacters(String(message ?? ''));
  const line = plain.split('\n').find((l) => l.trim()) ?? '';
  return line.trim().slice(0, 200);
}

/** The titles of the specs Playwright's JSON report marks with `status` ('flaky': failed first, then passed on a retry). */
function specsWith(json, status) {
  const titles = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((t) => t.status === status)) titles.push(`${[...path, spec.title].join(' › ')} (${spec.file}:${spec.line})`);
    }
    for (const child of suite.suites ?? []) walk(child, child.title && !child.title.endsWith('.ts') ? [...path, child.title] : path);
  };
  for (const suite of json.suites ?? []) walk(suite, []);
  return titles;
}

const started = Date.now();
const leftovers = killLeftovers();
if (leftovers > 0) console.log(`Ended ${leftovers} process(es) that an interrupted earlier run left running.`);
// better-sqlite3 compiles in the background (one core) while the tiers that open no database run (check, unit, web,
// analyzer); the first tier that does waits for it.
const nativeBuild = ensureNodeModules({ background: true, env: { [RUN_MARK]: String(process.pid), [BACKGROUND_MARK]: '1' } });
nativeBuild.catch(() => undefined);
ensureDebianPackage('/usr/bin/chromium', 'chromium');
ensureDebianPackage(hasPostgres, 'postgresql');
ensureVideoTools();
ensureDebianPackage('/usr/bin/tesseract', ['tesseract-ocr', 'tesseract-ocr-eng'], {
  why: 'the e2e specs read the time burnt into the demo video',
});

// A certificate authority of this run's own: the local push receiver's certificate is signed by it, and every process the
// tiers start trusts it (Node reads NODE_EXTRA_CA_CERTS only at start). Nothing else is trusted more than before.
ensureDebianPackage('/usr/bin/openssl', 'openssl', { why: 'the push tests make a certificate for their local receiver' });
const certs = makeTestCerts();
process.env.NODE_EXTRA_CA_CERTS = certs.caCert;
onInterrupt.add(() => rmSync(certs.dir, { recursive: true, force: true }));

if (wanted('check')) await tier('check (typecheck, lint, format)', 'npm', ['run', 'check']);
if (wanted('unit')) await vitestTier('unit', 'unit');
if (wanted('web')) await vitestTier('web components (jsdom)', 'web', {}, ['--maxWorkers', '2']);
if (wanted('analyzer')) await vitestTier('analyzer (face models on WASM)', 'analyzer');
await nativeBuild;
// A real MQTT broker on loopback for the alert-delivery tests (started once; the server tiers on both engines use it).
const needsBroker = ['service', 'server', 'postgres'].some(wanted);
ensureDebianPackage('/usr/sbin/mosquitto', ['mosquitto', 'mosquitto-clients'], {
  why: 'the MQTT alert-delivery tests publish to a broker',
});
const broker = needsBroker ? await startMosquitto() : null;
if (broker) {
  process.env.VIGIL_TEST_MQTT_URL = broker.url;
  onInterrupt.add(broker.stop);
}
if (wanted('service')) await vitestTier('services on SQLite', 'service', {}, SERVER_WORKERS);
if (wanted('server')) await vitestTier('server on SQLite', 'server', {}, SERVER_WORKERS);
if (wanted('postgres')) {
  const postgres = await startPostgres();
  onInterrupt.add(postgres.stop);
  try {
    await vitestTier('services on PostgreSQL', 'service', { VIGIL_TEST_DATABASE_URL: postgres.url }, SERVER_WORKERS);
    await vitestTier('server on PostgreSQL', 'server', { VIGIL_TEST_DATABASE_URL: postgres.url }, SERVER_WORKERS);
  } finally {
    onInterrupt.delete(postgres.stop);
    postgres.stop();
  }
}
if (broker) {
  onInterrupt.delete(broker.stop);
  await broker.stop();
}
if (wanted('e2e')) {
  ensureBuilt();
  const file = join(reports, 'e2e.json');
  const report = (json) => {
    flaky.push(...specsWith(json, 'flaky'));
    failedTests.push(...specsWith(json, 'unexpected').map((title) => `e2e: ${title}`));
    return { passed: json.stats.expected + json.stats.flaky, failed: json.stats.unexpected, skipped: json.stats.skipped };
  };
  report.file = file;
  // The fresh-start spec runs first, alone, on the just-started server (the other specs' project depends on it).
  await tier('e2e (Playwright, Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file },
    report,
  });
}
rmSync(reports, { recursive: true, force: true });
rmSync(certs.dir, { recursive: true, force: true });

console.log(`\nTiers: ${timings.join('; ')}`);
if (flaky.length > 0) {
  console.log(`${flaky.length} flaky (passed only on a retry; a defect to fix, not a pass):`);
  for (const title of flaky) console.log(`  - ${title}`);
}
if (failedTests.length > 0) {
  console.log(`${failedTests.length} failed test(s):`);
  for (const title of failedTests) console.log(`  - ${title}`);
}
console.log(
  `npm test took ${((Date.now() - started) / 1000).toFixed(0)} s${failures.length ? `; failed tiers: ${failures.join(', ')}` : ''}`,
);
console.log(`${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
