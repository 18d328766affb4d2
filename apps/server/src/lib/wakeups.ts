/**
 * Waiters woken together: a long poll waits here until something changed in this process (`wake`), its time is up, its
 * client went, or the server closes (`close`: every wait, and every later one, ends at once). Changes made by another
 * process (the CLI, another API server) wake nobody: the waiters look at the database between waits for those.
 */
export class Wakeups {
  private readonly waiters = new Set<() => void>();
  private ended = false;

  get closed(): boolean {
    return this.ended;
  }

  /** Resolves at the next wake, after `ms`, when `signal` aborts or at close (at once when closed or aborted already). */
  wait(ms: number, signal?: AbortSignal): Promise<void> {
    if (this.ended || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  /** How many wait now (tests see a long poll waiting). */
  get waiting(): number {
    return this.waiters.size;
  }

  wake(): void {
    for (const done of [...this.waiters]) done();
  }

  close(): void {
    this.ended = true;
    this.wake();
  }
}
