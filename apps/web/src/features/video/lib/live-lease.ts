import { LIVE, heartbeatDelaySeconds } from '@vigil/contract';
import { HttpError } from '../../../lib/http';
import { startTimeout } from '../../../lib/timers';

export interface LiveLeaseApi {
  start(cameraId: string): Promise<{ url: string; time_to_live: number; stream_url?: string | undefined }>;
  renew(cameraId: string): Promise<{ time_to_live: number }>;
}

export interface LiveLeaseEvents {
  /**
   * A stream to play: at start, and again when a lost lease was replaced by a new one. `url` is the HLS playlist,
   * `streamUrl` the same lease's low-latency stream (when the server offers one).
   */
  onStream(url: string, streamUrl?: string): void;
  /** Live video could not start or could not be kept; the caller falls back to recorded video. */
  onFailure(error: unknown): void;
}

export interface LiveLease {
  stop(): void;
  /** Heartbeat retries left before live video is given up (starts at LIVE.attempts). */
  attemptsLeft(): number;
}

type Schedule = (callback: () => void, ms: number) => () => void;

const leaseIsGone = (error: unknown): boolean => error instanceof HttpError && (error.status === 404 || error.status === 403);

/**
 * Spec part 1 §4 live video: start a stream, send a heartbeat every (time_to_live - 30) s; on a failed
 * heartbeat retry after 3 s, at most 3 times. A heartbeat refused with 404/403 means the lease is gone:
 * the retry asks for a new stream instead. Timers go through the app's registry so logout cancels them.
 */
export function startLiveLease(cameraId: string, api: LiveLeaseApi, events: LiveLeaseEvents, schedule: Schedule = startTimeout): LiveLease {
  let stopped = false;
  let cancelTimer: (() => void) | null = null;
  let attempts: number = LIVE.attempts;

  const later = (run: () => void, ms: number) => {
    cancelTimer?.();
    cancelTimer = schedule(() => {
      cancelTimer = null;
      if (!stopped) run();
    }, ms);
  };

  const scheduleHeartbeat = (timeToLive: number) => later(() => void heartbeat(), heartbeatDelaySeconds(timeToLive) * 1000);

  const retry = (error: unknown, next: () => Promise<void>) => {
    if (attempts <= 0) {
      stopped = true;
      events.onFailure(error);
      return;
    }
    attempts -= 1;
    later(() => void next(), LIVE.retryMs);
  };

  async function restart(): Promise<void> {
    try {
      const reply = await api.start(cameraId);
      if (stopped) return;
      attempts = LIVE.attempts;
      events.onStream(reply.url, reply.stream_url);
      scheduleHeartbeat(reply.time_to_live);
    } catch (error) {
      if (stopped) return;
      console.warn('Live video: starting a new stream failed', error);
      retry(error, restart);
    }
  }

  async function heartbeat(): Promise<void> {
    try {
      const reply = await api.renew(cameraId);
      if (stopped) return;
      attempts = LIVE.attempts;
      scheduleHeartbeat(reply.time_to_live);
    } catch (error) {
      if (stopped) return;
      console.warn('Live video: heartbeat failed', error);
      retry(error, leaseIsGone(error) ? restart : heartbeat);
    }
  }

  void (async () => {
    try {
      const reply = await api.start(cameraId);
      if (stopped) return;
      events.onStream(reply.url, reply.stream_url);
      scheduleHeartbeat(reply.time_to_live);
    } catch (error) {
      if (stopped) return;
      stopped = true;
      events.onFailure(error);
    }
  })();

  return {
    stop() {
      stopped = true;
      cancelTimer?.();
      cancelTimer = null;
    },
    attemptsLeft: () => attempts,
  };
}
