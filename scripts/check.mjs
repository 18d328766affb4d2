// `npm run check`: the type checks of every project, ESLint and Prettier, two at a time (each is one process on one
// core; in sequence they took ~100 s on 2 cores, side by side ~55 s). Each task's output is printed when it ends; the
// check fails if any task does.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const TASKS = [
  // Longest first, so the two lanes end together.
  ['lint', 'eslint', ['--max-warnings', '0', '.']],
  ['typecheck apps/web', 'tsc', ['-p', 'apps/web']],
  ['typecheck apps/server', 'tsc', ['-p', 'apps/server']],
  ['format', 'prettier', ['--check', '.']],
  ['typecheck e2e', 'tsc', ['-p', 'e2e']],
  ['typecheck packages/contract', 'tsc', ['-p', 'packages/contract']],
  ['typecheck apps/analyzer', 'tsc', ['-p', 'apps/analyzer']],
];

function run([name, command, args]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npx', ['--no-install', command, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'ok' : 'FAILED'}  ${name} (${seconds} s)`);
      if (code !== 0 || output.trim()) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });
}

const queue = [...TASKS];
const lanes = Math.max(1, Math.min(2, availableParallelism()));
const results = await Promise.all(
  Array.from({ length: lanes }, async () => {
    const passed = [];
    for (let task = queue.shift(); task; task = queue.shift()) passed.push(await run(task));
    return passed.every(Boolean);
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
