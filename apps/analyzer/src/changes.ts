import type { AnalyzerChangesReply } from '@vigil/contract';
import { Refused, type VigilClient } from './client.js';

const RETRY_MS = [1_000, 2_000, 5_000, 10_000];
/** A server without the change channel (older than it), or a key refused it: asked again this seldom. */
const REFUSED_RETRY_MS = 60_000;

export interface ChangeFollowerDeps {
  client: Pick<VigilClient, 'changes'>;
  analyzerId: string;
  /** a reply that names a new state: the cameras held, each an exit or not */
  apply(reply: AnalyzerChangesReply): void;
  /** the server knows no analyzer of this id with this key (not yet, or no more): a heartbeat now */
  unknown(): void;
  log: { warn(message: string): void };
}

/**
 * Keeps one long poll of changes open (GET /api/ingest/v1/analyzers/changes) and hands each reply over the moment it
 * comes, so a camera just marked an exit has its next frame treated as an exit's rather than at the next heartbeat.
 * `follow(version)` names the state the analyzer runs now (a heartbeat's changes_version): a poll about another state
 * is abandoned for one about this. Against a server without the channel the analyzer learns exits at heartbeats only.
 */
export class ChangeFollower {
  private since: string | null = null;
  /** the poll (or the pause before the next) under way */
  private current: AbortController | null = null;
  private loop: Promise<void> | null = null;
  private readonly stopped = new AbortController();
  private failures = 0;
  private warned = false;

  constructor(private readonly d: ChangeFollowerDeps) {}

  follow(version: string | null): void {
    if (this.stopped.signal.aborted || (this.loop && version === this.since)) return;
    this.since = version;
    this.current?.abort();
    this.loop ??= this.run().finally(() => (this.loop = null));
  }

  async stop(): Promise<void> {
    this.stopped.abort();
    this.current?.abort();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopped.signal.aborted) {
      const current = new AbortController();
      this.current = current;
      try {
        const reply = await this.d.client.changes(this.d.analyzerId, this.since, current.signal);
        this.failures = 0;
        // A heartbeat named another state meanwhile: this reply may be older than it; ask about that one instead.
        if (current.signal.aborted) continue;
        this.since = reply.version;
        if (reply.changed) this.d.apply(reply);
      } catch (err) {
        if (this.stopped.signal.aborted) return;
        if (current.signal.aborted) continue;
        await this.pause(this.retryAfter(err), current.signal);
      }
    }
  }

  private retryAfter(err: unknown): number {
    if (err instanceof Refused && err.status === 404 && /^No analyzer/.test(err.message)) {
      this.d.unknown();
      return RETRY_MS[0]!;
    }
    if (err instanceof Refused) {
      if (!this.warned)
        this.d.log.warn(`the server refused the change channel (${err.status} ${err.message}): exits are learnt at heartbeats`);
      this.warned = true;
      return REFUSED_RETRY_MS;
    }
    const wait = RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)]!;
    this.failures += 1;
    return wait;
  }

  /** Waits `ms`, or less when stopped or when a heartbeat names a new state. */
  private pause(ms: number, current: AbortSignal): Promise<void> {
    const signal = AbortSignal.any([this.stopped.signal, current]);
    return new Promise((resolve) => {
      if (signal.aborted) return resolve();
      const timer = setTimeout(resolve, ms);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
  }
}
