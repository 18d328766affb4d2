/**
 * Who may start an ffmpeg picture job now. Alert pictures (an elopement alert's poster, a badge page's door face) and
 * report work (a tenant or unit PDF's door crops, hundreds at a time) have lanes of their own: report work never takes
 * an alert slot, so an alert picture asked for while reports are cutting starts at once. Report ffmpegs also run at
 * a lower CPU priority (REPORT_NICENESS).
 */
export const FFMPEG_LANES = ['alerts', 'reports'] as const;
export type FfmpegLane = (typeof FFMPEG_LANES)[number];

/** How many ffmpegs each lane runs at once by default: two for alerts (as before), one for reports. */
export const DEFAULT_LANE_SLOTS: Readonly<Record<FfmpegLane, number>> = { alerts: 2, reports: 1 };

/** The niceness report ffmpegs run at (0 normal, 19 lowest): the alert lane and the recorder come first. */
export const REPORT_NICENESS = 10;

/** A job's place in a lane: `started` resolves when it may run; `release` frees the slot once it is done. */
export interface LaneClaim {
  readonly started: Promise<void>;
  /** the lane it waits in or runs in */
  readonly lane: FfmpegLane;
  /** Moves a job that is still waiting to another lane (an alert needs the picture a report is waiting for). */
  promote(lane: FfmpegLane): void;
  release(): void;
}

interface Waiter {
  lane: FfmpegLane;
  running: boolean;
  released: boolean;
  start: () => void;
}

export class FfmpegLanes {
  private readonly running: Record<FfmpegLane, number> = { alerts: 0, reports: 0 };
  private readonly waiting: Record<FfmpegLane, Waiter[]> = { alerts: [], reports: [] };

  constructor(private readonly slots: Readonly<Record<FfmpegLane, number>> = DEFAULT_LANE_SLOTS) {}

  claim(lane: FfmpegLane): LaneClaim {
    let start!: () => void;
    const started = new Promise<void>((resolve) => (start = resolve));
    const waiter: Waiter = { lane, running: false, released: false, start };
    this.enqueue(waiter);
    return {
      started,
      get lane() {
        return waiter.lane;
      },
      promote: (to) => {
        if (waiter.running || waiter.released || waiter.lane === to) return;
        const queue = this.waiting[waiter.lane];
        queue.splice(queue.indexOf(waiter), 1);
        waiter.lane = to;
        this.enqueue(waiter);
      },
      release: () => {
        if (waiter.released) return;
        waiter.released = true;
        if (!waiter.running) {
          const queue = this.waiting[waiter.lane];
          queue.splice(queue.indexOf(waiter), 1);
          return;
        }
        this.running[waiter.lane] -= 1;
        this.next(waiter.lane);
      },
    };
  }

  /** Running and waiting jobs per lane (for the log and the tests). */
  load(): Record<FfmpegLane, { running: number; waiting: number }> {
    return {
      alerts: { running: this.running.alerts, waiting: this.waiting.alerts.length },
      reports: { running: this.running.reports, waiting: this.waiting.reports.length },
    };
  }

  private enqueue(waiter: Waiter): void {
    this.waiting[waiter.lane].push(waiter);
    this.next(waiter.lane);
  }

  private next(lane: FfmpegLane): void {
    while (this.running[lane] < Math.max(1, this.slots[lane]) && this.waiting[lane].length > 0) {
      const waiter = this.waiting[lane].shift()!;
      waiter.running = true;
      this.running[lane] += 1;
      waiter.start();
    }
  }
}
