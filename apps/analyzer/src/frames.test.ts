import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { FrameAssembler, FrameSampler, FrameSource, frameReaderArgs, parseShowinfo, readerError } from './frames.js';

describe('frame sampling by filming time', () => {
  it('takes 1 frame a second out of 5, whatever their arrival', () => {
    const sampler = new FrameSampler(1);
    const times = Array.from({ length: 50 }, (_, i) => 1_000_000 + i * 200);
    const taken = times.filter((t) => sampler.take(t));
    expect(taken).toHaveLength(10);
    expect(taken.slice(1).map((t, i) => t - taken[i]!)).toEqual(Array(9).fill(1000));
  });

  it('keeps the average rate with jittered frame times (no drift, no bunching)', () => {
    const sampler = new FrameSampler(2);
    const times = Array.from({ length: 300 }, (_, i) => 5000 + i * 100 + ((i * 37) % 7) * 9);
    const taken = times.filter((t) => sampler.take(t));
    expect(taken.length).toBeGreaterThanOrEqual(59);
    expect(taken.length).toBeLessThanOrEqual(61);
    expect(Math.min(...taken.slice(1).map((t, i) => t - taken[i]!))).toBeGreaterThan(400);
  });

  it('starts afresh after a gap or when time goes back (a reconnected stream)', () => {
    const sampler = new FrameSampler(1);
    expect(sampler.take(10_000)).toBe(true);
    expect(sampler.take(10_500)).toBe(false);
    expect(sampler.take(60_000)).toBe(true);
    expect(sampler.take(60_400)).toBe(false);
    expect(sampler.take(1_000)).toBe(true);
  });

  it('follows a change of rate at once: an exit sped up when something moves takes the next frame within the new step', () => {
    const sampler = new FrameSampler(1);
    // 8 frames a second arrive; 1 a second is taken, then 4 a second from 3 s on, then 1 a second again from 5 s on
    const times = Array.from({ length: 56 }, (_, i) => 100_000 + i * 125);
    const taken = times.filter((t) => sampler.take(t, t - 100_000 < 3_000 ? 1 : t - 100_000 < 5_000 ? 4 : 1));
    expect(taken.map((t) => t - 100_000)).toEqual([0, 1000, 2000, 3000, 3250, 3500, 3750, 4000, 4250, 4500, 4750, 5000, 6000]);
  });

  it('refuses a rate that is not positive', () => {
    expect(() => new FrameSampler(0)).toThrow();
    expect(() => new FrameSampler(1).take(0, 0)).toThrow();
  });
});

describe("ffmpeg's frames", () => {
  it('reads pts_time and size from a showinfo line, and nothing from other lines', () => {
    const line =
      '[Parsed_showinfo_2 @ 0x55d] n:   3 pts:4413696000 pts_time:49040.8 duration:  18000 fmt:rgb24 cl:unspecified sar:1/1 s:480x270 i:P iskey:0';
    expect(parseShowinfo(line)).toEqual({ pts: 49040.8, width: 480, height: 270 });
    expect(parseShowinfo('Stream #0:0: Video: h264, 480x270')).toBeNull();
  });

  it('pairs each description with its bytes, whichever pipe runs ahead', () => {
    const out: { pts: number; first: number; size: number }[] = [];
    const assembler = new FrameAssembler((f) => out.push({ pts: f.pts, first: f.rgb[0]!, size: f.rgb.length }));
    const info = (pts: number) => `[Parsed_showinfo_2 @ 0x1] n:0 pts:0 pts_time:${pts} fmt:rgb24 s:2x2 i:P`;
    assembler.data(Buffer.alloc(5, 1));
    assembler.describe(info(1));
    assembler.data(Buffer.concat([Buffer.alloc(7, 1), Buffer.alloc(12, 2)]));
    assembler.describe(info(2));
    assembler.describe(info(3));
    assembler.data(Buffer.alloc(12, 3));
    expect(out).toEqual([
      { pts: 1, first: 1, size: 12 },
      { pts: 2, first: 2, size: 12 },
      { pts: 3, first: 3, size: 12 },
    ]);
  });

  it('asks ffmpeg to decode the piped stream with its timestamps kept, scaled and rate-capped RGB', () => {
    const args = frameReaderArgs({ maxFps: 2, maxWidth: 640 });
    expect(args.join(' ')).toContain('-copyts -threads 1 -flags low_delay -f mp4 -i pipe:0');
    expect(args.join(' ')).toContain("fps=2,scale='min(640,iw)':-2,showinfo");
    expect(args.slice(-5)).toEqual(['-pix_fmt', 'rgb24', '-f', 'rawvideo', 'pipe:1']);
    // an exit's reader hands over every frame as it is decoded
    expect(frameReaderArgs({ maxFps: null, maxWidth: 640 }).join(' ')).toContain("-vf scale='min(640,iw)':-2,showinfo");
  });
});

describe("the reader's errors", () => {
  it('are said in words staff can act on, and never carry the live URL (it names the lease)', () => {
    const url = 'http://127.0.0.1:8080/media/analyzer/0b9d7c1e-1111-4222-8333-444455556666.c2lnbmF0dXJl/c1/stream.mp4';
    expect(readerError({ status: 404 })).toBe('no live video from the recorder yet (is the camera recording?)');
    expect(readerError({ status: 403 })).toBe("this analyzer's lease on the camera has ended");
    expect(readerError({ status: 500 })).toBe('the server answered 500');
    expect(readerError({ error: new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }) })).toBe(
      'the Vigil server cannot be reached',
    );
    expect(readerError({ error: new Error('boom') })).toBe('the live video could not be read');
    expect(readerError({ line: `[mov,mp4 @ 0x1] Failed to read ${url}` })).toBe('Failed to read the live video');
  });
});

describe.skipIf(process.platform !== 'linux')("the reader's ffmpeg", () => {
  it("never sees the analyzer's key or the server's secrets: the video it parses is untrusted", async () => {
    const ffmpeg = ['/usr/bin/ffmpeg', '/usr/local/bin/ffmpeg'].find((p) => existsSync(p));
    if (!ffmpeg) return; // no ffmpeg on this machine: nothing to start
    const saved = { key: process.env.VIGIL_ANALYZER_KEY, secret: process.env.VIGIL_SECRET };
    process.env.VIGIL_ANALYZER_KEY = 'vgd_frames-test-key';
    process.env.VIGIL_SECRET = 'frames-test-secret';
    // A live stream that has begun and sends nothing more: ffmpeg waits on it while the test reads its environment.
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'video/mp4', 'vigil-stream-epoch-ms': String(Date.now()) });
      response.write(Buffer.alloc(8));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/live`;
    const source = new FrameSource({ ffmpeg, url, maxFps: 1, maxWidth: 64, onFrame: () => undefined, onError: () => undefined });
    try {
      const children = () =>
        readdirSync('/proc')
          .filter((pid) => /^\d+$/.test(pid))
          .filter((pid) => {
            try {
              return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1] === String(process.pid);
            } catch {
              return false;
            }
          })
          .filter((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('pipe:0'));
      let pid: string | undefined;
      for (const deadline = Date.now() + 10_000; !pid && Date.now() < deadline;) {
        pid = children()[0];
        if (!pid) await new Promise((r) => setTimeout(r, 100));
      }
      expect(pid, 'the reader started ffmpeg').toBeDefined();
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
      expect(environ).not.toContain('vgd_frames-test-key');
      expect(environ).not.toContain('frames-test-secret');
      expect(environ).toContain(`PATH=${process.env.PATH}`);
    } finally {
      source.stop();
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      for (const [name, value] of [
        ['VIGIL_ANALYZER_KEY', saved.key],
        ['VIGIL_SECRET', saved.secret],
      ] as const)
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
    }
  });
});
