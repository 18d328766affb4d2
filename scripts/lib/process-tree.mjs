// Every process a test run starts (test workers, servers, recorders, simulated cameras, browsers, PostgreSQL) carries
// VIGIL_TEST_RUN=<pid of the runner> in its environment. That mark survives new process groups and double forks,
// which a process-group kill does not reach (Playwright starts browsers and its web server in groups of their own),
// so an interrupted run can end all of them, and the next run can end what a killed runner left behind.
import { readdirSync, readFileSync } from 'node:fs';

export const RUN_MARK = 'VIGIL_TEST_RUN';
/** Set on work a run starts in the background across tiers (the native build): no tier's leftover, ended only with the run. */
export const BACKGROUND_MARK = 'VIGIL_TEST_BACKGROUND';

/** The pids (other than this process) whose environment holds VIGIL_TEST_RUN, with its value, and whether they are background work. */
export function markedProcesses() {
  const found = [];
  let entries = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return found; // not Linux: nothing to sweep
  }
  for (const entry of entries) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    let environ;
    try {
      environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
    } catch {
      continue; // gone, or not ours to read
    }
    const items = environ.split('\0');
    const mark = items.find((item) => item.startsWith(`${RUN_MARK}=`));
    if (mark) found.push({ pid, run: Number(mark.slice(RUN_MARK.length + 1)), background: items.includes(`${BACKGROUND_MARK}=1`) });
  }
  return found;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** SIGKILLs every process marked with one of `runs` (a predicate on the runner pid; `only` narrows to pids); returns how many. */
export function killMarked(which, only = () => true) {
  let killed = 0;
  for (const { pid, run } of markedProcesses()) {
    if (!which(run) || !only(pid)) continue;
    try {
      process.kill(pid, 'SIGKILL');
      killed += 1;
    } catch {
      // already gone
    }
  }
  return killed;
}

/** Ends what an earlier run left running when its runner was killed outright (kill -9, a closed terminal). */
export function killLeftovers() {
  return killMarked((run) => run !== process.pid && !alive(run));
}
