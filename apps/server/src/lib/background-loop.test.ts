import { describe, expect, it, vi } from 'vitest';
import { BackgroundLoop } from './background-loop.js';

describe('BackgroundLoop', () => {
  it('turns once at start, again right after a turn it was woken during, and never after stop', async () => {
    let turns = 0;
    let release: () => void = () => undefined;
    const loop = new BackgroundLoop(
      async () => {
        turns += 1;
        if (turns === 1) await new Promise<void>((done) => (release = done));
        return 60_000;
      },
      { onError: () => undefined, errorWaitMs: 60_000 },
    );
    loop.start();
    await vi.waitFor(() => expect(turns).toBe(1));
    loop.wake();
    release();
    await vi.waitFor(() => expect(turns).toBe(2));
    await loop.stop();
    loop.wake();
    await new Promise((r) => setImmediate(r));
    expect(turns).toBe(2);
  });

  it('reports a failed turn and goes on after the error wait', async () => {
    const errors: unknown[] = [];
    let turns = 0;
    const loop = new BackgroundLoop(
      async () => {
        turns += 1;
        if (turns === 1) throw new Error('database gone');
        return 60_000;
      },
      { onError: (err) => errors.push(err), errorWaitMs: 5 },
    );
    loop.start();
    await vi.waitFor(() => expect(turns).toBe(2));
    expect(errors).toEqual([new Error('database gone')]);
    await loop.stop();
  });
});
