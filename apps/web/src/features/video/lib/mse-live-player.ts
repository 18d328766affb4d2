import { LIVE_STREAM, liveStreamInitSchema, type LiveStreamInit } from '@vigil/contract';
import { liveCatchUpRate, liveEdgeSeek, liveTrimRange } from './live-edge';

type MediaSourceClass = typeof MediaSource;

/** MediaSource, or ManagedMediaSource where that is what the browser has (Safari on iPhone). */
function mediaSourceClass(): { Source: MediaSourceClass; managed: boolean } | null {
  const scope = globalThis as unknown as { MediaSource?: MediaSourceClass; ManagedMediaSource?: MediaSourceClass };
  if (scope.ManagedMediaSource) return { Source: scope.ManagedMediaSource, managed: true };
  if (scope.MediaSource) return { Source: scope.MediaSource, managed: false };
  return null;
}

/** Whether this browser can take the low-latency stream at all (the codec is checked once the stream says it). */
export const canPlayLowLatency = (): boolean => mediaSourceClass() !== null && typeof WebSocket !== 'undefined';

export interface LowLatencyEvents {
  /** the stream cannot be played here or ended for good: play HLS instead */
  onFail(error: Error): void;
  /** the stream told when its time 0 was filmed (for the time of the frame on screen) */
  onInit?(init: LiveStreamInit): void;
}

/**
 * No picture within this long of connecting: the path is not working here. Generous, because a camera whose recorder
 * is still connecting (a server that just started) takes as long on HLS; a path that is blocked fails at once instead.
 */
const FIRST_FRAME_TIMEOUT_MS = 20_000;
/** Reconnections in a row (the recorder reconnected, the viewer fell behind) before giving up for HLS. */
const MAX_RECONNECTS = 3;
const RECONNECT_DELAY_MS = 1000;

const rangesOf = (buffered: TimeRanges): [number, number][] =>
  Array.from({ length: buffered.length }, (_, i) => [buffered.start(i), buffered.end(i)] as [number, number]);

/**
 * Plays a lease's low-latency stream: fragmented MP4 from a WebSocket appended to a SourceBuffer, kept within
 * LIVE_STREAM.maxLagSeconds of the newest frame. A closed stream is reopened (a new recorder connection); one that
 * cannot be played here, or fails repeatedly, hands over to HLS through onFail.
 */
export class LowLatencyPlayer {
  private socket: WebSocket | null = null;
  private source: MediaSource | null = null;
  private buffer: SourceBuffer | null = null;
  private objectUrl: string | null = null;
  private queue: ArrayBuffer[] = [];
  private destroyed = false;
  private reconnects = 0;
  private firstFrameTimer: ReturnType<typeof setTimeout> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  /** a picture was shown since the last (re)connection */
  private played = false;
  private readonly onTimeUpdate = () => this.keepUp();
  private readonly onPlaying = () => {
    this.clearFirstFrameTimer();
    this.played = true;
    this.reconnects = 0;
  };

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly socketUrl: string,
    private readonly events: LowLatencyEvents,
  ) {
    video.addEventListener('timeupdate', this.onTimeUpdate);
    this.connect();
  }

  private connect(): void {
    const socket = new WebSocket(this.socketUrl);
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    this.firstFrameTimer = setTimeout(
      () => this.fail(new Error('Live video: no picture from the low-latency stream')),
      FIRST_FRAME_TIMEOUT_MS,
    );
    this.video.addEventListener('playing', this.onPlaying, { once: true });
    socket.onmessage = (message: MessageEvent<ArrayBuffer | string>) => {
      if (typeof message.data === 'string') return this.onText(message.data);
      this.queue.push(message.data);
      this.append();
    };
    socket.onclose = (event) => {
      if (this.destroyed || this.socket !== socket) return;
      const { restart, too_slow } = LIVE_STREAM.closeCodes;
      // The recorder reconnected to the camera (a new stream follows), or this viewer fell behind and was cut after
      // playing: start over, a few times in a row at most (a picture in between resets the count).
      const again = event.code === restart || ((event.code === too_slow || event.code === 1006) && this.played);
      if (again && this.reconnects < MAX_RECONNECTS) {
        this.reconnects += 1;
        this.reset();
        this.reconnectTimer = setTimeout(() => this.connect(), RECONNECT_DELAY_MS);
        return;
      }
      this.fail(new Error(`Live video: the low-latency stream closed (${event.code} ${event.reason || 'no reason'})`));
    };
  }

  private onText(text: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return;
    }
    const init = liveStreamInitSchema.safeParse(parsed);
    if (!init.success) return;
    const media = mediaSourceClass();
    if (!media || !init.data.mime || !media.Source.isTypeSupported(init.data.mime)) {
      return this.fail(new Error(`Live video: this browser cannot play ${init.data.codec ?? 'the camera codec'} over MSE`));
    }
    this.events.onInit?.(init.data);
    const source = new media.Source();
    this.source = source;
    if (media.managed) this.video.disableRemotePlayback = true;
    this.objectUrl = URL.createObjectURL(source);
    this.video.src = this.objectUrl;
    source.addEventListener(
      'sourceopen',
      () => {
        if (this.source !== source || this.destroyed) return;
        try {
          this.buffer = source.addSourceBuffer(init.data.mime!);
          this.buffer.mode = 'segments';
          this.buffer.addEventListener('updateend', () => this.afterAppend());
          this.append();
        } catch (error) {
          this.fail(error instanceof Error ? error : new Error(String(error)));
        }
      },
      { once: true },
    );
  }

  private append(): void {
    const buffer = this.buffer;
    if (!buffer || buffer.updating || this.queue.length === 0) return;
    const next = this.queue.shift()!;
    try {
      buffer.appendBuffer(next);
    } catch (error) {
      // QuotaExceededError: drop what is behind and go on with the newest fragments.
      if (error instanceof DOMException && error.name === 'QuotaExceededError') {
        this.queue = [];
        this.trim(true);
      } else this.fail(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private afterAppend(): void {
    this.keepUp();
    if (!this.trim(false)) this.append();
  }

  /** Skips to the live edge when too far behind; starts playback once there is something to play. */
  private keepUp(): void {
    const buffer = this.buffer;
    if (!buffer || buffer.updating || this.destroyed) return;
    const ranges = rangesOf(this.video.buffered);
    const target = liveEdgeSeek(ranges, this.video.currentTime, LIVE_STREAM.maxLagSeconds);
    if (target !== null) this.video.currentTime = target;
    const edge = ranges.at(-1)?.[1];
    if (edge !== undefined) {
      const rate = liveCatchUpRate(edge - this.video.currentTime);
      if (this.video.playbackRate !== rate) this.video.playbackRate = rate;
    }
    if (this.video.paused && this.video.buffered.length > 0) void this.video.play().catch(() => undefined);
  }

  /** Removes old video; true when a removal started (the next append waits for its updateend). */
  private trim(all: boolean): boolean {
    const buffer = this.buffer;
    if (!buffer || buffer.updating) return false;
    const range = all
      ? ([0, Math.max(0, this.video.currentTime - 1)] as [number, number])
      : liveTrimRange(rangesOf(this.video.buffered), this.video.currentTime);
    if (!range || range[1] <= range[0]) return false;
    buffer.remove(range[0], range[1]);
    return true;
  }

  private clearFirstFrameTimer(): void {
    if (this.firstFrameTimer) clearTimeout(this.firstFrameTimer);
    this.firstFrameTimer = null;
  }

  private fail(error: Error): void {
    if (this.destroyed) return;
    this.destroy();
    this.events.onFail(error);
  }

  /** Closes the socket and detaches the media source (the element can take another source). */
  private reset(): void {
    this.clearFirstFrameTimer();
    this.video.removeEventListener('playing', this.onPlaying);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.played = false;
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState <= WebSocket.OPEN) socket.close();
    this.queue = [];
    this.buffer = null;
    this.source = null;
    if (this.objectUrl) URL.revokeObjectURL(this.objectUrl);
    this.objectUrl = null;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.video.removeEventListener('timeupdate', this.onTimeUpdate);
    this.video.playbackRate = 1;
    this.reset();
  }
}
