/**
 * A background job that runs turn after turn while the server does (the delivery dispatcher, the escalation job): each
 * turn says how long to wait before the next; `wake()` asks for a turn now (or, during one, right after it); `stop()`
 * waits for the turn in progress. The timer never keeps the process alive.
 */
export class BackgroundLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    /** one turn; resolves with the milliseconds to wait before the next */
    private readonly turn: () => Promise<number>,
    private readonly d: { onError: (err: unknown) => void; errorWaitMs: number },
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), ms);
    this.timer.unref();
  }

  private run(): void {
    this.timer = null;
    if (this.stopped || this.running) return;
    this.again = false;
    this.running = this.turn()
      .catch((err: unknown) => {
        this.d.onError(err);
        return this.d.errorWaitMs;
      })
      .then((wait) => {
        this.running = null;
        this.schedule(this.again ? 0 : wait);
      });
  }
}
