import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Clock } from '../../lib/clock.js';
import type { RetentionSweep, SweepCounts } from './retention-sweep.js';
import type { JobLeases } from '../../db/job-leases.js';

/** How long a claimed run is this server's without a renewal (a server that died mid-sweep lets another take over). */
const LEASE_MS = 15 * 60_000;
const RENEW_EVERY_MS = 60_000;
/** How often each server asks whether a run is due (the run itself comes once per period, cluster-wide). */
const TICK_MS = 60_000;

/**
 * Runs the retention sweep once per period across a cluster: every server ticks, the one that claims the due run
 * (retention_sweeps, a conditional UPDATE) sweeps, renewing its lease as it goes. The first tick comes a few minutes
 * after start, so starting a server is not slowed by a sweep.
 */
export class RetentionScheduler {
  readonly holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly d: {
      sweep: Pick<RetentionSweep, 'run'>;
      state: Pick<JobLeases, 'claim' | 'renew' | 'finish'>;
      clock: Clock;
      /** null: no sweep runs on this server (the CLI can still run one) */
      everyMs: number | null;
      /** when this server first ticks */
      firstAt: number;
      log?: { warn(obj: object, msg?: string): void };
    },
  ) {}

  start(): void {
    if (this.d.everyMs === null) return;
    const tickMs = Math.min(this.d.everyMs, TICK_MS);
    this.timer = setTimeout(
      () => {
        void this.tick().catch(() => undefined);
        this.timer = setInterval(() => void this.tick().catch(() => undefined), tickMs);
        this.timer.unref();
      },
      Math.max(0, this.d.firstAt - this.d.clock.now()),
    );
    this.timer.unref();
  }

  /** Waits for a run in progress (a closing server finishes its batch, and its lease is given back). */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Sweeps if a run is due and no other server has it. */
  async tick(): Promise<SweepCounts | null> {
    return this.claimed(this.d.everyMs);
  }

  /** Sweeps now (the CLI), unless another server is sweeping: null then. */
  runNow(): Promise<SweepCounts | null> {
    return this.claimed(null);
  }

  private async claimed(everyMs: number | null): Promise<SweepCounts | null> {
    if (this.running) return null;
    const run = (async () => {
      if (!(await this.d.state.claim(this.holder, this.d.clock.now(), LEASE_MS, everyMs))) return null;
      let renewed = this.d.clock.now();
      let deleted = 0;
      try {
        const counts = await this.d.sweep.run(async () => {
          if (this.d.clock.now() - renewed < RENEW_EVERY_MS) return;
          renewed = this.d.clock.now();
          await this.d.state.renew(this.holder, renewed + LEASE_MS);
        });
        deleted = Object.values(counts).reduce((a, b) => a + b, 0);
        return counts;
      } finally {
        await this.d.state.finish(this.holder, this.d.clock.now(), deleted);
      }
    })();
    this.running = run;
    try {
      return await run;
    } catch (err) {
      this.d.log?.warn({ err }, 'retention sweep failed (the next run carries on)');
      throw err;
    } finally {
      this.running = undefined;
    }
  }
}
