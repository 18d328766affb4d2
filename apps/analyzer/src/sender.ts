import type { IngestEvent, IngestFace } from '@vigil/contract';
import { Refused, type VigilClient } from './client.js';

/** At most this many detections wait while the server cannot be reached; the oldest go first. */
const MAX_WAITING = 2_000;
const RETRY_MS = [1_000, 2_000, 5_000, 10_000];
/** Per request: events and faces carry pictures, and a batch over the server's body limit would be refused whole. */
const EVENTS_PER_BATCH = 200;
const FACES_PER_BATCH = 50;

/**
 * Sends detections to the ingest API as they come: one request at a time, what arrives meanwhile goes in the next.
 * A server that cannot be reached is retried with backoff (ids make repeats harmless); a refused batch (4xx) is logged
 * and dropped, since sending it again would be refused again.
 */
export class Sender {
  private events: IngestEvent[] = [];
  private faces: IngestFace[] = [];
  private inFlight: Promise<void> | null = null;
  private failures = 0;
  /** requests of sendNow under way */
  private readonly urgent = new Set<Promise<unknown>>();

  constructor(
    private readonly client: VigilClient,
    private readonly log: { warn(message: string): void },
  ) {}

  send(batch: { events: IngestEvent[]; faces: IngestFace[] }): void {
    this.events.push(...batch.events);
    this.faces.push(...batch.faces);
    if (this.events.length + this.faces.length > MAX_WAITING) {
      const over = this.events.length + this.faces.length - MAX_WAITING;
      this.log.warn(`${over} detections dropped: the server has not taken them`);
      this.faces.splice(0, Math.min(over, this.faces.length));
      this.events.splice(0, Math.max(0, over - this.faces.length));
    }
    this.inFlight ??= this.drain().finally(() => (this.inFlight = null));
  }

  /**
   * Sends these faces now, in a request of their own beside whatever is in flight (a face that may raise an elopement
   * alert waits behind nobody's pictures). Resolves with when the server took them, or null: a refused request is
   * logged; one that could not reach the server goes into the queue, retried with the rest.
   */
  sendNow(faces: IngestFace[]): Promise<number | null> {
    const sent = this.client.batch({ events: [], faces }).then(
      () => Date.now(),
      (err: unknown) => {
        if (err instanceof Refused) this.log.warn(`batch refused (${err.status}): ${err.message}`);
        else this.send({ events: [], faces });
        return null;
      },
    );
    this.urgent.add(sent);
    void sent.finally(() => this.urgent.delete(sent));
    return sent;
  }

  /** Waits until what was sent so far went out (or failed). */
  async flush(): Promise<void> {
    while (this.inFlight || this.urgent.size > 0) await Promise.all([this.inFlight, ...this.urgent]);
  }

  private async drain(): Promise<void> {
    while (this.events.length + this.faces.length > 0) {
      const events = this.events.splice(0, EVENTS_PER_BATCH);
      const faces = this.faces.splice(0, FACES_PER_BATCH);
      try {
        await this.client.batch({ events, faces });
        this.failures = 0;
      } catch (err) {
        if (err instanceof Refused) {
          this.log.warn(`batch refused (${err.status}): ${err.message}`);
          continue;
        }
        this.events.unshift(...events);
        this.faces.unshift(...faces);
        const wait = RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)]!;
        this.failures += 1;
        this.log.warn(`batch not sent (${String(err)}); again in ${wait / 1000} s`);
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }
}
