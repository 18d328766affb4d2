import type { AnalyzerCameraReport } from '@vigil/contract';

const WINDOW_MS = 60_000;

/** What happened to one camera's frames over the last minute, as the heartbeat reports it. */
export class CameraStats {
  private readonly sampled: number[] = [];
  private readonly analysed: { at: number; lag: number }[] = [];
  private readonly gated: number[] = [];
  private readonly dropped: number[] = [];
  private readonly since: number;
  lastFaceAt: number | null = null;
  lastObjectAt: number | null = null;
  error: string | null = null;
  lastFrameAt: number | null = null;

  constructor(now: number) {
    this.since = now;
  }

  sample(now: number): void {
    this.sampled.push(now);
    this.lastFrameAt = now;
    this.error = null;
  }
  gate(now: number): void {
    this.gated.push(now);
  }
  drop(now: number): void {
    this.dropped.push(now);
  }
  analyse(now: number, lagMs: number): void {
    this.analysed.push({ at: now, lag: lagMs });
  }

  private trim(now: number): void {
    const from = now - WINDOW_MS;
    for (const list of [this.sampled, this.gated, this.dropped]) while (list.length > 0 && list[0]! < from) list.shift();
    while (this.analysed.length > 0 && this.analysed[0]!.at < from) this.analysed.shift();
  }

  report(camera: string, now: number, servedFirst = false): AnalyzerCameraReport {
    this.trim(now);
    const seconds = Math.max(1, Math.min(WINDOW_MS, now - this.since) / 1000);
    const lags = this.analysed.map((a) => a.lag).sort((a, b) => a - b);
    const sampled = this.sampled.length;
    const state: AnalyzerCameraReport['state'] =
      this.error !== null && (this.lastFrameAt === null || now - this.lastFrameAt > 15_000)
        ? this.lastFrameAt === null && this.error.startsWith('no video')
          ? 'no_video'
          : 'error'
        : this.lastFrameAt === null
          ? 'starting'
          : now - this.lastFrameAt > 15_000
            ? 'no_video'
            : 'analysing';
    const round = (n: number) => Math.round(n * 100) / 100;
    return {
      camera_uuid: camera,
      state,
      sampled_fps: round(sampled / seconds),
      analysed_fps: round(this.analysed.length / seconds),
      gated_share: sampled > 0 ? round(this.gated.length / sampled) : 0,
      dropped_share: sampled > 0 ? round(this.dropped.length / sampled) : 0,
      last_face_at: this.lastFaceAt === null ? null : new Date(this.lastFaceAt).toISOString(),
      last_object_at: this.lastObjectAt === null ? null : new Date(this.lastObjectAt).toISOString(),
      lag_ms: lags.length > 0 ? Math.round(lags[Math.floor(lags.length / 2)]!) : null,
      error: this.error,
      served_first: servedFirst,
    };
  }
}
