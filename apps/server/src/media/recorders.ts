import { rmSync } from 'node:fs';
import type { Exports } from './exports.js';
import type { LiveFeed } from './live-feed.js';
import { CameraRecorder, type CameraSource, type RecorderOptions, type RecorderStatus } from './recorder.js';

export interface RetentionPolicy {
  days: number;
  /** 0 means no cap */
  maxBytes: number;
}

/** Where retention finds and forgets old clips. */
export interface ClipRetention {
  oldestFirst(limit: number): Promise<{ camera_uuid: string; start_ms: number; size_bytes: number; file: string }[]>;
  olderThan(ms: number, limit: number): Promise<{ camera_uuid: string; start_ms: number; file: string }[]>;
  totalBytes(): Promise<number>;
  remove(camera: string, startMs: number): Promise<void>;
}

/** Every camera's recorder, kept in step with the camera list; plus retention of old clips and long-clip exports. */
export class Recorders {
  private readonly recorders = new Map<string, CameraRecorder>();
  private sweepTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly options: RecorderOptions,
    private readonly retention: ClipRetention,
    private readonly policy: RetentionPolicy,
    private readonly exports?: Exports,
  ) {}

  status(camera: string): RecorderStatus | undefined {
    return this.recorders.get(camera)?.snapshot();
  }

  /** The camera's low-latency live stream, while it is recorded here. */
  /** The camera has a picture to show: from its live stream within seconds of recording, then from each clip. */
  hasThumbnail(camera: string): boolean {
    return this.options.store.exists(`thumbs/${camera}.jpg`);
  }

  feed(camera: string): LiveFeed | undefined {
    return this.recorders.get(camera)?.feed;
  }

  /** Starts recorders for new cameras (or changed URLs) and stops those of removed cameras. */
  async sync(sources: CameraSource[]): Promise<void> {
    const wanted = new Map(sources.map((s) => [s.uuid, s]));
    for (const [uuid, recorder] of this.recorders) {
      if (wanted.get(uuid)?.url !== recorder.source.url) {
        this.recorders.delete(uuid);
        await recorder.stop();
      }
    }
    for (const source of sources) {
      if (this.recorders.has(source.uuid)) continue;
      const recorder = new CameraRecorder(source, this.options);
      this.recorders.set(source.uuid, recorder);
      await recorder.start();
    }
  }

  startRetention(everyMs = 3600_000): void {
    void this.sweep();
    this.sweepTimer = setInterval(() => void this.sweep(), everyMs);
    this.sweepTimer.unref();
  }

  /** Removes clips past the retention age, then the oldest until under the disk cap, then day-old exports. */
  async sweep(): Promise<number> {
    let removed = 0;
    const cutoff = this.options.clock.now() - this.policy.days * 86_400_000;
    for (let batch = await this.retention.olderThan(cutoff, 500); batch.length > 0; batch = await this.retention.olderThan(cutoff, 500)) {
      for (const clip of batch) removed += await this.forget(clip);
    }
    if (this.policy.maxBytes > 0) {
      let total = await this.retention.totalBytes();
      while (total > this.policy.maxBytes) {
        const batch = await this.retention.oldestFirst(100);
        if (batch.length === 0) break;
        for (const clip of batch) {
          if (total <= this.policy.maxBytes) break;
          removed += await this.forget(clip);
          total -= clip.size_bytes;
        }
      }
    }
    this.exports?.sweep(this.options.clock.now());
    if (removed > 0) this.options.log.info({ removed }, 'retention removed old clips');
    return removed;
  }

  private async forget(clip: { camera_uuid: string; start_ms: number; file: string }): Promise<number> {
    const path = this.options.store.resolveInside(clip.file);
    if (path) rmSync(path, { force: true });
    await this.retention.remove(clip.camera_uuid, clip.start_ms);
    return 1;
  }

  async stopAll(): Promise<void> {
    clearInterval(this.sweepTimer);
    await Promise.all([...this.recorders.values()].map((r) => r.stop()));
    this.recorders.clear();
  }
}
