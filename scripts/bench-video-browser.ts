import { readFileSync, readdirSync } from 'node:fs';

/** CPU seconds (user + system) used so far by the processes whose command line matches. */
export function cpuSeconds(pattern: RegExp): number {
  const hz = 100;
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (!pattern.test(cmdline)) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / hz;
}
