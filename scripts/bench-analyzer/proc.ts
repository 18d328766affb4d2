// The CPU and memory of processes, read from /proc (Linux): the bench measures its own children and their children,
// found by their parent, never by name alone (the machine may run other Vigils meanwhile).
import { readFileSync, readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const CLOCK_TICKS = 100;

export interface ProcessInfo {
  ppid: number;
  cmdline: string;
  /** user + system, in clock ticks */
  ticks: number;
}

export function processTable(): Map<number, ProcessInfo> {
  const table = new Map<number, ProcessInfo>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(name), {
        ppid: Number(fields[1]),
        cmdline: readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' '),
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // ended meanwhile
    }
  }
  return table;
}

/** Every process below `root` (children, their children, …). */
export function descendants(root: number, table = processTable()): number[] {
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const [pid, info] of table)
      if (info.ppid === parent) {
        found.push(pid);
        queue.push(pid);
      }
  }
  return found;
}

/** A set of processes, chosen again at each reading (they may come and go): the processes under `root` whose command line matches. */
export const under =
  (root: number, pattern: RegExp, except: () => number[] = () => []) =>
  (table: Map<number, ProcessInfo>) => {
    const excluded = new Set(except());
    return descendants(root, table).filter((pid) => !excluded.has(pid) && pattern.test(table.get(pid)!.cmdline));
  };

/**
 * CPU used by a set of processes between start() and read(), as a share of one core. A process that ended between the
 * two readings is missed for its last part, one that started counts whole.
 */
export class CpuMeter {
  private before = new Map<number, number>();
  private startedAt = 0;
  constructor(private readonly select: (table: Map<number, ProcessInfo>) => number[]) {}

  start(): this {
    const table = processTable();
    this.before = new Map(this.select(table).map((pid) => [pid, table.get(pid)!.ticks]));
    this.startedAt = performance.now();
    return this;
  }

  /** { share of one core, how many processes, seconds measured } */
  read(): { share: number; processes: number; seconds: number } {
    const table = processTable();
    const pids = this.select(table);
    let ticks = 0;
    for (const pid of pids) ticks += table.get(pid)!.ticks - (this.before.get(pid) ?? 0);
    const seconds = (performance.now() - this.startedAt) / 1000;
    return { share: ticks / CLOCK_TICKS / seconds, processes: pids.length, seconds };
  }
}

/** Resident memory of a process (VmRSS, and its peak VmHWM) in MB. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}
