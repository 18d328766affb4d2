import { rmSync } from 'node:fs';
import type { LiveFeed } from './live-feed.js';
import { CameraRecorder, type CameraSource, type RecorderOptions, type RecorderStatus } from './recorder.js';

/** The disk the recordings may take (the clips' period is the retention sweep's: modules/privacy). */
export interface DiskPolicy {
  /** 0 means no cap */
  maxBytes: number;
}

/** Where the disk cap finds and forgets the oldest clips. */
export interface ClipRetention {
  oldestFirst(limit: number): Promise<{ camera_uuid: string; start_ms: number; size_bytes: number; file: string }[]>;
  totalBytes(): Promise<number>;
  remove(camera: string, startMs: number): Promise<void>;
}

/** Every camera's recorder, kept in step with the camera list; plus the disk cap (the oldest clips go first). */
export class Recorders {
  private readonly recorders = new Map<string, CameraRecorder>();
  private sweepTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly options: RecorderOptions,
    private readonly retention: ClipRetention,
    private readonly policy: DiskPolicy,
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

  /** Removes the oldest clips until the recordings are under the disk cap (past their period, the retention sweep removes them). */
  async sweep(): Promise<number> {
    let removed = 0;
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
    if (removed > 0) this.options.log.info({ removed }, 'the disk cap removed the oldest clips');
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
