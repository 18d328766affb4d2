import { describe, expect, it } from 'vitest';
import { BoxSplitter, parseInit, parseMoof } from './fmp4.js';
import { LiveFeed, type LiveEnd, type LiveSink, type StreamInfo } from './live-feed.js';

// Boxes built here byte by byte, in the layout ffmpeg's mp4 muxer writes (frag_every_frame+empty_moov+default_base_moof).

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
};
const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(body.length + 8), Buffer.from(type, 'latin1'), body]);
};
const full = (type: string, version: number, flags: number, ...parts: Buffer[]) => box(type, u32((version << 24) | flags), ...parts);

const TIMESCALE = 90_000;
const ftyp = box('ftyp', Buffer.from('iso5'), u32(512), Buffer.from('iso5iso6mp41'));
const moov = box(
  'moov',
  box(
    'trak',
    box(
      'mdia',
      full('mdhd', 0, 0, u32(0), u32(0), u32(TIMESCALE), u32(0), u32(0)),
      full('hdlr', 0, 0, u32(0), Buffer.from('vide'), Buffer.alloc(13)),
      box(
        'minf',
        box('stbl', full('stsd', 0, 0, u32(1), box('avc1', Buffer.alloc(78), box('avcC', Buffer.from([1, 0x42, 0xc0, 0x1e, 0xff]))))),
      ),
    ),
  ),
);

/** One frame's fragment: tfdt (v1), trun with duration, size and flags per sample (ffmpeg's default_base_moof layout). */
function fragment(frame: number, keyframe: boolean, payloadBytes = 1000): Buffer {
  const duration = TIMESCALE / 5;
  const flags = keyframe ? 0x02000000 : 0x01010000;
  const moof = box(
    'moof',
    full('mfhd', 0, 0, u32(frame + 1)),
    box(
      'traf',
      full('tfhd', 0, 0x020000, u32(1)),
      full('tfdt', 1, 0, u64(frame * duration)),
      full('trun', 0, 0x01 | 0x100 | 0x200 | 0x400, u32(1), u32(0), u32(duration), u32(payloadBytes), u32(flags)),
    ),
  );
  return Buffer.concat([moof, box('mdat', Buffer.alloc(payloadBytes, frame % 256))]);
}

class FakeSink implements LiveSink {
  info: StreamInfo | null = null;
  sent: Buffer[] = [];
  ended: LiveEnd | null = null;
  /** bytes "still in the socket": grows with what is sent unless the viewer reads */
  queued = 0;
  reading = true;
  open(info: StreamInfo) {
    this.info = info;
  }
  send(bytes: Buffer) {
    this.sent.push(bytes);
    if (!this.reading) this.queued += bytes.length;
  }
  backlog() {
    return this.queued;
  }
  close(reason: LiveEnd) {
    this.ended = reason;
  }
  /** frame numbers of the fragments received (the mdat's fill byte) */
  frames() {
    return this.sent.filter((b) => b.toString('latin1', 4, 8) === 'moof').map((b) => b[b.length - 1]!);
  }
}

/** A feed on a fake clock, fed frames at 5 a second after the init segment, as ffmpeg writes them once live. */
function liveFeed(options: ConstructorParameters<typeof LiveFeed>[0] = {}) {
  let now = 1_000_000;
  const feed = new LiveFeed({ now: () => now, ...options });
  feed.push(Buffer.concat([ftyp, moov]));
  let frame = 0;
  const frames = (count: number, keyEvery = 5, bytes = 1000) => {
    for (let i = 0; i < count; i++, frame++) {
      now += 200;
      feed.push(fragment(frame, frame % keyEvery === 0, bytes));
    }
  };
  return {
    feed,
    frames,
    tick: (ms: number) => (now += ms),
    get now() {
      return now;
    },
  };
}

describe('fragmented MP4, as far as the live fan-out reads it', () => {
  it('splits a byte stream into whole boxes, however it is chunked', () => {
    const bytes = Buffer.concat([ftyp, moov, fragment(0, true), fragment(1, false)]);
    const splitter = new BoxSplitter();
    const types: string[] = [];
    for (let i = 0; i < bytes.length; i += 7) types.push(...splitter.push(bytes.subarray(i, i + 7)).map((b) => b.type));
    expect(types).toEqual(['ftyp', 'moov', 'moof', 'mdat', 'moof', 'mdat']);
    expect(() => new BoxSplitter().push(Buffer.from('garbage that is not mp4 at all'))).toThrow(/not an MP4 stream/);
  });

  it('reads the codec string and the timescale of the video track', () => {
    expect(parseInit(moov)).toEqual({ codec: 'avc1.42c01e', timescale: TIMESCALE });
  });

  it('reads the time, length and keyframe flag of a fragment', () => {
    const moofOf = (b: Buffer) => b.subarray(0, b.readUInt32BE(0));
    expect(parseMoof(moofOf(fragment(10, true)))).toEqual({ decodeTime: 10 * 18_000, duration: 18_000, keyframe: true });
    expect(parseMoof(moofOf(fragment(11, false)))).toEqual({ decodeTime: 11 * 18_000, duration: 18_000, keyframe: false });
  });
});

describe('the live fan-out', () => {
  it('waits for the burst ffmpeg writes after probing to pass, then starts viewers at the last keyframe', () => {
    let now = 5_000_000;
    const feed = new LiveFeed({ now: () => now });
    const early = new FakeSink();
    feed.subscribe(early);
    // 12 frames at once (2.4 s of video buffered while ffmpeg probed the camera): not live yet
    feed.push(Buffer.concat([ftyp, moov, ...Array.from({ length: 12 }, (_, i) => fragment(i, i % 5 === 0))]));
    expect(early.info).toBeNull();
    expect(feed.stats().live).toBe(false);
    now += 200;
    feed.push(fragment(12, false));
    expect(feed.stats().live).toBe(true);
    // opened with the init segment and the group of pictures since keyframe 10
    expect(early.info).toEqual({ codec: 'avc1.42c01e', mime: 'video/mp4; codecs="avc1.42c01e"', epoch_ms: now - 13 * 200 });
    expect(early.sent[0]!.toString('latin1', 4, 8)).toBe('ftyp');
    expect(early.frames()).toEqual([10, 11, 12]);
  });

  it("gives a frame's filming time: the epoch plus its media time", () => {
    const { feed, frames } = liveFeed();
    frames(20);
    const sink = new FakeSink();
    feed.subscribe(sink);
    // the fragment of frame n is written when frame n+1 arrives: frame 19 ended at the last arrival
    expect(sink.info!.epoch_ms).toBe(1_000_000 + 20 * 200 - 20 * 200);
  });

  it('sends every viewer each fragment once, in order', () => {
    const { feed, frames } = liveFeed();
    frames(3);
    const [a, b] = [new FakeSink(), new FakeSink()];
    feed.subscribe(a);
    frames(4);
    feed.subscribe(b);
    frames(3);
    expect(a.frames()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(b.frames()).toEqual([5, 6, 7, 8, 9]);
    expect(feed.stats()).toMatchObject({ viewers: 2, skipped: 0, dropped: 0 });
  });

  it('skips a viewer that fell behind to the next keyframe, and drops one that stays behind, the others unaffected', () => {
    const { feed, frames } = liveFeed({ stallMs: 5000 });
    frames(5);
    const [steady, slow] = [new FakeSink(), new FakeSink()];
    feed.subscribe(steady);
    feed.subscribe(slow);
    slow.reading = false;
    // 300 KB frames: over the 256 KB floor after the first one
    frames(3, 5, 300_000);
    expect(slow.frames()).toEqual([0, 1, 2, 3, 4, 5]);
    // it catches up (its socket drained): it resumes at the next keyframe, not mid-group
    slow.queued = 0;
    slow.reading = true;
    frames(4, 5, 1000);
    expect(slow.frames()).toEqual([0, 1, 2, 3, 4, 5, 10, 11]);
    expect(feed.stats().skipped).toBe(4);
    // it stops reading for good: what is queued for it stays under a second of video (plus a fragment), and after
    // 5 s behind it is closed
    slow.reading = false;
    let most = 0;
    for (let i = 0; i < 80 && !slow.ended; i++) {
      frames(1, 5, 300_000);
      most = Math.max(most, slow.queued);
    }
    expect(slow.ended).toBe('too_slow');
    expect(most).toBeLessThanOrEqual(5 * 300_000 + 300_000);
    frames(3);
    expect(steady.frames()).toEqual(Array.from({ length: steady.frames().length }, (_, i) => i));
    expect(steady.frames().length).toBeGreaterThan(30);
    expect(steady.ended).toBeNull();
    expect(feed.stats()).toMatchObject({ viewers: 1, dropped: 1 });
  });

  it('starts a viewer over when the recorder reconnects, and closes all when the camera stops', () => {
    const { feed, frames } = liveFeed();
    frames(6);
    const a = new FakeSink();
    feed.subscribe(a);
    feed.restart();
    expect(a.ended).toBe('restart');
    const b = new FakeSink();
    feed.subscribe(b);
    feed.stop();
    expect(b.ended).toBe('stopped');
    expect(feed.stats().viewers).toBe(0);
  });

  it('caps the cached group of pictures (a camera with very long keyframe intervals)', () => {
    const { feed, frames } = liveFeed({ maxCacheBytes: 5000 });
    frames(12, 100, 1000);
    expect(feed.stats().cachedBytes).toBe(0);
    const late = new FakeSink();
    feed.subscribe(late);
    frames(100, 100, 1000);
    // it waited for the next keyframe (frame 100) rather than start mid-group
    expect(late.frames()[0]).toBe(100);
  });
});
