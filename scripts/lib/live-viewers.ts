// Viewers of the low-latency live stream for bench:video, in a child process (live-viewer-process.ts).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

type ViewerReport =
  | { type: 'receiving'; viewer: number }
  | { type: 'closed'; viewer: number; code: number; reason: string; at: number }
  | { type: 'error'; viewer: number; message: string }
  | { type: 'bytes'; bytes: number[] };

export interface LiveViewers {
  /** resolves once every viewer has media coming in */
  receiving: Promise<void>;
  /** bytes each viewer has read so far */
  bytes(): Promise<number[]>;
  /** viewer `index` stops reading (its socket paused): the server's writes pile up */
  stall(index: number): void;
  /** CPU seconds (user + system) the viewers' process has used */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

/** One WebSocket viewer per address, reading everything, in a process of its own. */
export function startLiveViewers(urls: string[]): LiveViewers {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('./live-viewer-process.ts', import.meta.url).pathname, ...urls], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const receiving = new Set<number>();
  let onAllReceiving = () => undefined as void;
  let onBytes: ((bytes: number[]) => void) | null = null;
  const all = new Promise<void>((resolve, reject) => {
    onAllReceiving = resolve;
    child.once('exit', (code) => reject(new Error(`live viewers exited (${code})`)));
    setTimeout(
      () => reject(new Error(`${urls.length - receiving.size} of ${urls.length} live viewers got no media in 60 s`)),
      60_000,
    ).unref();
  });
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const report = JSON.parse(line) as ViewerReport;
    if (report.type === 'receiving') {
      receiving.add(report.viewer);
      if (receiving.size === urls.length) onAllReceiving();
    } else if (report.type === 'closed') console.warn(`live viewer ${report.viewer} closed: ${report.code} ${report.reason}`);
    else if (report.type === 'bytes') onBytes?.(report.bytes);
    else console.warn(`live viewer ${report.viewer}: ${report.message}`);
  });
  return {
    receiving: all,
    bytes: () =>
      new Promise((resolve) => {
        onBytes = resolve;
        child.stdin!.write('bytes\n');
      }),
    stall: (index) => child.stdin!.write(`stall ${index}\n`),
    cpuSeconds: () => {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.stdin!.end();
      }),
  };
}
