import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/**
 * Just enough of ISO BMFF (MP4) to cut ffmpeg's fragmented MP4 into its parts and fan them out: box boundaries, the
 * codec of the init segment, and the time and keyframe flag of each fragment. Written here because the MP4 libraries
 * on npm (mp4box.js and the like) parse whole files into sample tables, while a live fan-out only needs these few
 * fields, fragment by fragment, without copying the media data.
 */

export interface Box {
  type: string;
  /** the whole box, header included */
  bytes: Buffer;
}

/** Splits a byte stream into top-level boxes as they complete; bytes of an unfinished box wait for the rest. */
export class BoxSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  /** Largest box accepted (a fragment of a 4K keyframe is a few MB): anything bigger means the stream is garbage. */
  constructor(private readonly maxBoxBytes = 32 * 1024 * 1024) {}

  push(chunk: Buffer): Box[] {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes < 8) return [];
    let data = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, this.pendingBytes);
    const boxes: Box[] = [];
    let offset = 0;
    while (data.length - offset >= 8) {
      let size = data.readUInt32BE(offset);
      let header = 8;
      if (size === 1) {
        if (data.length - offset < 16) break;
        size = Number(data.readBigUInt64BE(offset + 8));
        header = 16;
      }
      if (size < header || size > this.maxBoxBytes) throw new Error(`not an MP4 stream (a box of ${size} bytes)`);
      if (data.length - offset < size) break;
      boxes.push({ type: data.toString('latin1', offset + 4, offset + 8), bytes: data.subarray(offset, offset + size) });
      offset += size;
    }
    data = data.subarray(offset);
    this.pending = data.length > 0 ? [data] : [];
    this.pendingBytes = data.length;
    return boxes;
  }
}

/** The direct children of a container box's payload (`start`..`end` of `bytes`). */
function* children(bytes: Buffer, start: number, end: number): Generator<{ type: string; start: number; end: number }> {
  let offset = start;
  while (end - offset >= 8) {
    let size = bytes.readUInt32BE(offset);
    let header = 8;
    if (size === 1 && end - offset >= 16) {
      size = Number(bytes.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) size = end - offset;
    if (size < header || offset + size > end) return;
    yield { type: bytes.toString('latin1', offset + 4, offset + 8), start: offset + header, end: offset + size };
    offset += size;
  }
}

function find(bytes: Buffer, start: number, end: number, path: string[]): { start: number; end: number } | null {
  let range = { start, end };
  for (const type of path) {
    const next = [...children(bytes, range.start, range.end)].find((c) => c.type === type);
    if (!next) return null;
    range = next;
  }
  return range;
}

export interface InitInfo {
  /** the RFC 6381 codec string MSE asks for, e.g. avc1.42c015; null for a codec this module does not describe */
  codec: string | null;
  /** ticks per second of the video track */
  timescale: number;
}

const hex2 = (n: number) => n.toString(16).padStart(2, '0');

/** The codec and timescale of the (first) video track of a moov box. */
export function parseInit(moov: Buffer): InitInfo | null {
  for (const trak of children(moov, 8, moov.length)) {
    if (trak.type !== 'trak') continue;
    const mdia = find(moov, trak.start, trak.end, ['mdia']);
    if (!mdia) continue;
    const hdlr = find(moov, mdia.start, mdia.end, ['hdlr']);
    if (!hdlr || moov.toString('latin1', hdlr.start + 8, hdlr.start + 12) !== 'vide') continue;
    const mdhd = find(moov, mdia.start, mdia.end, ['mdhd']);
    if (!mdhd) return null;
    const timescale = moov.readUInt32BE(mdhd.start + (moov[mdhd.start] === 1 ? 20 : 12));
    const stsd = find(moov, mdia.start, mdia.end, ['minf', 'stbl', 'stsd']);
    let codec: string | null = null;
    if (stsd) {
      // stsd: version/flags (4), entry count (4), then sample entries; a visual sample entry has 78 bytes before its boxes.
      const entry = [...children(moov, stsd.start + 8, stsd.end)][0];
      if (entry && (entry.type === 'avc1' || entry.type === 'avc3')) {
        const avcC = [...children(moov, entry.start + 78, entry.end)].find((c) => c.type === 'avcC');
        if (avcC && avcC.end - avcC.start >= 4) {
          codec = `${entry.type}.${hex2(moov[avcC.start + 1]!)}${hex2(moov[avcC.start + 2]!)}${hex2(moov[avcC.start + 3]!)}`;
        }
      }
    }
    return { codec, timescale };
  }
  return null;
}

export interface FragmentInfo {
  /** decode time of the fragment's first sample, in track ticks */
  decodeTime: number;
  /** the sum of the fragment's sample durations, in track ticks */
  duration: number;
  /** whether the first sample is a sync sample (a keyframe): a decoder can start here */
  keyframe: boolean;
}

const TFHD_DURATION = 0x08;
const TFHD_FLAGS = 0x20;
const TRUN_DATA_OFFSET = 0x01;
const TRUN_FIRST_FLAGS = 0x04;
const TRUN_DURATION = 0x100;
const TRUN_SIZE = 0x200;
const TRUN_FLAGS = 0x400;
const TRUN_CTS = 0x800;
/** sample_is_non_sync_sample in the sample flags */
const NON_SYNC = 0x10000;

/** Time, length and keyframe flag of a moof box's (first) track fragment. */
export function parseMoof(moof: Buffer): FragmentInfo | null {
  const traf = find(moof, 8, moof.length, ['traf']);
  if (!traf) return null;
  let decodeTime = 0;
  let defaultDuration = 0;
  let defaultFlags = 0;
  let trun: { start: number; end: number } | null = null;
  for (const box of children(moof, traf.start, traf.end)) {
    if (box.type === 'tfdt') {
      decodeTime = moof[box.start] === 1 ? Number(moof.readBigUInt64BE(box.start + 4)) : moof.readUInt32BE(box.start + 4);
    } else if (box.type === 'tfhd') {
      const flags = moof.readUInt32BE(box.start) & 0xffffff;
      let at = box.start + 8; // version/flags, track id
      if (flags & 0x01) at += 8; // base data offset
      if (flags & 0x02) at += 4; // sample description index
      if (flags & TFHD_DURATION) defaultDuration = moof.readUInt32BE(at);
      if (flags & TFHD_DURATION) at += 4;
      if (flags & 0x10) at += 4; // default sample size
      if (flags & TFHD_FLAGS) defaultFlags = moof.readUInt32BE(at);
    } else if (box.type === 'trun' && !trun) trun = box;
  }
  if (!trun) return null;
  const flags = moof.readUInt32BE(trun.start) & 0xffffff;
  const count = moof.readUInt32BE(trun.start + 4);
  let at = trun.start + 8;
  if (flags & TRUN_DATA_OFFSET) at += 4;
  let firstFlags: number | null = null;
  if (flags & TRUN_FIRST_FLAGS) {
    firstFlags = moof.readUInt32BE(at);
    at += 4;
  }
  const perSample = [TRUN_DURATION, TRUN_SIZE, TRUN_FLAGS, TRUN_CTS].filter((f) => flags & f).length * 4;
  let duration = 0;
  let sampleZeroFlags = defaultFlags;
  for (let i = 0; i < count && at + perSample <= trun.end; i++, at += perSample) {
    duration += flags & TRUN_DURATION ? moof.readUInt32BE(at) : defaultDuration;
    if (i === 0 && flags & TRUN_FLAGS)
      sampleZeroFlags = moof.readUInt32BE(at + (flags & TRUN_DURATION ? 4 : 0) + (flags & TRUN_SIZE ? 4 : 0));
  }
  const keyframeFlags = firstFlags ?? sampleZeroFlags;
  return { decodeTime, duration, keyframe: (keyframeFlags & NON_SYNC) === 0 };
}

/**
 * The duration in seconds of an MP4 file as its movie header (mvhd) states it, read from the file's first boxes; null
 * when there is no moov with an mvhd, or it states no duration. Finished clips are fast-start files (moov first), so
 * this reads a few kilobytes: it replaces an `ffmpeg -i` per clip (about 0.1 s of CPU each only to start ffmpeg).
 */
export function mp4Duration(file: string): number | null {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const header = Buffer.alloc(16);
    let offset = 0;
    while (offset + 8 <= size) {
      readSync(fd, header, 0, 16, offset);
      let boxSize = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      if (boxSize === 1) boxSize = Number(header.readBigUInt64BE(8));
      else if (boxSize === 0) boxSize = size - offset;
      if (boxSize < 8 || offset + boxSize > size) return null;
      if (type === 'moov') {
        // The header and a handful of track boxes: far below this bound for any clip (its sample tables are inside).
        if (boxSize > 64 * 1024 * 1024) return null;
        const moov = Buffer.alloc(boxSize);
        readSync(fd, moov, 0, boxSize, offset);
        return movieDuration(moov);
      }
      offset += boxSize;
    }
    return null;
  } finally {
    closeSync(fd);
  }
}

/** mvhd's duration over its timescale, from a whole moov box. */
export function movieDuration(moov: Buffer): number | null {
  const mvhd = find(moov, 8, moov.length, ['mvhd']);
  if (!mvhd) return null;
  const v1 = moov[mvhd.start] === 1;
  // version/flags (4), then creation and modification times (4 or 8 each), timescale (4), duration (4 or 8)
  const timescale = moov.readUInt32BE(mvhd.start + (v1 ? 20 : 12));
  const duration = v1 ? Number(moov.readBigUInt64BE(mvhd.start + 24)) : moov.readUInt32BE(mvhd.start + 16);
  return timescale > 0 && duration > 0 && duration !== 0xffffffff ? duration / timescale : null;
}
