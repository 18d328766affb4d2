import type { LiveStreamEndReason } from '@vigil/contract';
import { BoxSplitter, parseInit, parseMoof, type InitInfo } from './fmp4.js';

/** What a viewer is told before the first byte: how to decode the stream and when its time 0 was filmed. */
export interface StreamInfo {
  /** RFC 6381 codec string (avc1.42c015), null when the camera sends a codec browsers are not told about here */
  codec: string | null;
  /** MIME type for MediaSource.isTypeSupported / addSourceBuffer */
  mime: string | null;
  /** wall-clock time (epoch ms) of media time 0: a sample at media time t seconds was filmed at epoch_ms + 1000 t */
  epoch_ms: number;
}

/** Why a viewer's stream ended (LIVE_STREAM.closeCodes): 'ended' is the route's, for a lease that ended. */
export type LiveEnd = LiveStreamEndReason;

/** One viewer of a feed: a WebSocket, an HTTP response. */
export interface LiveSink {
  open(info: StreamInfo): void;
  send(bytes: Buffer): void;
  /** bytes handed to send() and not yet written to the network */
  backlog(): number;
  close(reason: LiveEnd): void;
}

export interface LiveSubscription {
  /** the viewer leaves (its socket closed): nothing more is sent to it */
  unsubscribe(): void;
}

interface Fragment {
  bytes: Buffer;
  keyframe: boolean;
}

interface Viewer {
  sink: LiveSink;
  opened: boolean;
  /** skipping fragments until the next keyframe (it fell behind, or joined without one) */
  waitingForKeyframe: boolean;
  /** since when its backlog has been over the limit (ms), null when it keeps up */
  behindSince: number | null;
}

export interface LiveFeedStats {
  viewers: number;
  fragments: number;
  /** fragments not sent to a viewer that had fallen behind, over all viewers */
  skipped: number;
  /** viewers closed for not reading */
  dropped: number;
  /** bytes of the cached group of pictures (what a new viewer starts with) */
  cachedBytes: number;
  live: boolean;
}

export interface LiveFeedOptions {
  now?: () => number;
  /** a viewer further behind than this many seconds of video (in bytes at the stream's rate) skips to the next keyframe */
  maxLagSeconds?: number;
  /** a viewer that stays behind this long is closed ('too_slow') */
  stallMs?: number;
  /** the cached group of pictures stops growing here (a camera with very long keyframe intervals) */
  maxCacheBytes?: number;
}

const MIN_BACKLOG_BYTES = 256 * 1024;
const MAX_BACKLOG_BYTES = 8 * 1024 * 1024;

/**
 * One camera's low-latency stream, read once (from the recorder's ffmpeg) and fanned out to every viewer and analyzer.
 * It keeps the init segment and the fragments since the last keyframe, so a new viewer starts at once. A viewer whose
 * socket does not drain is skipped to the next keyframe (its memory stays bounded); one that stays behind is closed.
 */
export class LiveFeed {
  private splitter = new BoxSplitter();
  private ftyp: Buffer | null = null;
  private init: { bytes: Buffer; info: InitInfo } | null = null;
  private pendingMoof: { bytes: Buffer; keyframe: boolean; start: number; end: number } | null = null;
  private gop: Fragment[] = [];
  private gopBytes = 0;
  private epochMs: number | null = null;
  private lastArrival: number | null = null;
  /** fragments arrive at the pace of the video (not the burst ffmpeg writes after probing the camera) */
  private live = false;
  private bytesPerSecond = 0;
  private readonly viewers = new Set<Viewer>();
  private readonly counts = { fragments: 0, skipped: 0, dropped: 0 };
  private readonly now: () => number;

  constructor(private readonly o: LiveFeedOptions = {}) {
    this.now = o.now ?? Date.now;
  }

  /** A new connection to the camera: its stream restarts at time 0 with a new init segment; viewers start over. */
  restart(): void {
    this.closeAll('restart');
    this.splitter = new BoxSplitter();
    this.ftyp = null;
    this.init = null;
    this.pendingMoof = null;
    this.gop = [];
    this.gopBytes = 0;
    this.epochMs = null;
    this.lastArrival = null;
    this.live = false;
  }

  /** The camera is no longer recorded here. */
  stop(): void {
    this.closeAll('stopped');
  }

  /** Bytes from the recorder's fragmented-MP4 output; throws on bytes that are not MP4. */
  push(chunk: Buffer): void {
    for (const box of this.splitter.push(chunk)) {
      if (box.type === 'ftyp') this.ftyp = Buffer.from(box.bytes);
      else if (box.type === 'moov') {
        const info = parseInit(box.bytes);
        if (info) this.init = { bytes: Buffer.concat([this.ftyp ?? Buffer.alloc(0), box.bytes]), info };
      } else if (box.type === 'moof' && this.init) {
        const fragment = parseMoof(box.bytes);
        if (fragment) {
          const timescale = this.init.info.timescale;
          this.pendingMoof = {
            bytes: Buffer.from(box.bytes),
            keyframe: fragment.keyframe,
            start: (fragment.decodeTime / timescale) * 1000,
            end: ((fragment.decodeTime + fragment.duration) / timescale) * 1000,
          };
        }
      } else if (box.type === 'mdat' && this.pendingMoof) {
        const moof = this.pendingMoof;
        this.pendingMoof = null;
        this.publish(moof, Buffer.concat([moof.bytes, box.bytes]));
      }
    }
  }

  private publish(moof: { keyframe: boolean; start: number; end: number }, bytes: Buffer): void {
    const arrival = this.now();
    // ffmpeg writes a fragment when the next frame arrives, so (arrival - media end) is the wall clock of media time 0,
    // plus delays: the least such figure is the best estimate.
    const estimate = arrival - moof.end;
    this.epochMs = this.epochMs === null ? estimate : Math.min(this.epochMs, estimate);
    const duration = moof.end - moof.start;
    if (!this.live && this.lastArrival !== null && arrival - this.lastArrival >= duration / 2) this.live = true;
    this.lastArrival = arrival;
    if (duration > 0) {
      const rate = (bytes.length * 1000) / duration;
      this.bytesPerSecond = this.bytesPerSecond === 0 ? rate : this.bytesPerSecond * 0.95 + rate * 0.05;
    }
    this.counts.fragments += 1;
    const fragment = { bytes, keyframe: moof.keyframe };
    if (fragment.keyframe) {
      this.gop = [fragment];
      this.gopBytes = bytes.length;
    } else if (this.gop.length > 0 && this.gopBytes + bytes.length <= (this.o.maxCacheBytes ?? 16 * 1024 * 1024)) {
      this.gop.push(fragment);
      this.gopBytes += bytes.length;
    } else {
      this.gop = [];
      this.gopBytes = 0;
    }
    if (!this.live) return;
    for (const viewer of this.viewers) {
      if (!viewer.opened) this.open(viewer);
      else this.deliver(viewer, fragment);
    }
  }

  private get maxBacklog(): number {
    const bytes = this.bytesPerSecond * (this.o.maxLagSeconds ?? 1);
    return Math.min(MAX_BACKLOG_BYTES, Math.max(MIN_BACKLOG_BYTES, bytes));
  }

  private deliver(viewer: Viewer, fragment: Fragment): void {
    const behind = viewer.sink.backlog() > this.maxBacklog;
    if (behind) {
      viewer.behindSince ??= this.now();
      if (this.now() - viewer.behindSince > (this.o.stallMs ?? 5_000)) {
        this.viewers.delete(viewer);
        this.counts.dropped += 1;
        viewer.sink.close('too_slow');
        return;
      }
      viewer.waitingForKeyframe = true;
    } else viewer.behindSince = null;
    if (viewer.waitingForKeyframe && (behind || !fragment.keyframe)) {
      this.counts.skipped += 1;
      return;
    }
    viewer.waitingForKeyframe = false;
    viewer.sink.send(fragment.bytes);
  }

  /** Tells the viewer what it gets, sends the init segment and the group of pictures so far. */
  private open(viewer: Viewer): void {
    const init = this.init!;
    viewer.opened = true;
    viewer.sink.open({
      codec: init.info.codec,
      mime: init.info.codec ? `video/mp4; codecs="${init.info.codec}"` : null,
      epoch_ms: Math.round(this.epochMs!),
    });
    viewer.sink.send(init.bytes);
    viewer.waitingForKeyframe = this.gop.length === 0;
    for (const fragment of this.gop) viewer.sink.send(fragment.bytes);
  }

  /** Adds a viewer; it is opened at once when the stream is live, else as soon as it is. */
  subscribe(sink: LiveSink): LiveSubscription {
    const viewer: Viewer = { sink, opened: false, waitingForKeyframe: true, behindSince: null };
    this.viewers.add(viewer);
    if (this.live && this.init && this.epochMs !== null) this.open(viewer);
    return { unsubscribe: () => void this.viewers.delete(viewer) };
  }

  stats(): LiveFeedStats {
    return { viewers: this.viewers.size, ...this.counts, cachedBytes: this.gopBytes, live: this.live };
  }

  private closeAll(reason: LiveEnd): void {
    const viewers = [...this.viewers];
    this.viewers.clear();
    for (const viewer of viewers) viewer.sink.close(reason);
  }
}
