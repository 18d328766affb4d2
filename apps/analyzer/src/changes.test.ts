import type { AnalyzerAssignment, AnalyzerChangesReply } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import { CameraReader } from './camera-reader.js';
import { ChangeFollower } from './changes.js';
import { Refused } from './client.js';
import type { Frame } from './frames.js';

// The change channel's follower against a scripted client (each poll answered by the test), and the reader switch.
const DOOR = 'c0000000-0000-4000-8000-0000000000d2';

interface Poll {
  since: string | null;
  signal: AbortSignal;
  answer(reply: Partial<AnalyzerChangesReply>): void;
  fail(err: unknown): void;
}

function scripted() {
  const polls: Poll[] = [];
  const client = {
    changes: (_id: string, since: string | null, signal: AbortSignal) =>
      new Promise<AnalyzerChangesReply>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
        polls.push({
          since,
          signal,
          answer: (r) => resolve({ ok: true, changed: true, version: 'v?', cameras: [], ...r }),
          fail: reject,
        });
      }),
  };
  return { client, polls };
}

const until = async (what: () => boolean) => {
  while (!what()) await new Promise((resolve) => setTimeout(resolve, 2));
};

describe('the change follower', () => {
  it("asks about the heartbeat's state, applies what changed, asks again about the new state, and restarts for a newer heartbeat", async () => {
    const { client, polls } = scripted();
    const applied: AnalyzerChangesReply[] = [];
    const follower = new ChangeFollower({ client, analyzerId: 'a', apply: (r) => applied.push(r), unknown: () => undefined, log: console });
    follower.follow('v1');
    await until(() => polls.length === 1);
    expect(polls[0]!.since).toBe('v1');
    polls[0]!.answer({ version: 'v2', cameras: [{ camera_uuid: DOOR, is_exit: true }] });
    await until(() => polls.length === 2);
    expect(applied.map((r) => r.version)).toEqual(['v2']);
    expect(polls[1]!.since).toBe('v2');

    // nothing changed: asked again, nothing applied
    polls[1]!.answer({ changed: false, version: 'v2' });
    await until(() => polls.length === 3);
    expect(applied).toHaveLength(1);

    // the same state again changes nothing; a heartbeat naming another abandons the poll for one about it
    follower.follow('v2');
    expect(polls[2]!.signal.aborted).toBe(false);
    follower.follow('v3');
    expect(polls[2]!.signal.aborted).toBe(true);
    await until(() => polls.length === 4);
    expect(polls[3]!.since).toBe('v3');

    await follower.stop();
    expect(polls[3]!.signal.aborted).toBe(true);
    expect(polls).toHaveLength(4);
  });

  it('asks for a heartbeat when the server does not know the analyzer, and says once that a server without the channel refused it', async () => {
    const { client, polls } = scripted();
    let heartbeats = 0;
    const warnings: string[] = [];
    const follower = new ChangeFollower({
      client,
      analyzerId: 'a',
      apply: () => undefined,
      unknown: () => (heartbeats += 1),
      log: { warn: (m) => warnings.push(m) },
    });
    follower.follow(null);
    await until(() => polls.length === 1);
    polls[0]!.fail(new Refused(404, 'No analyzer with this id reports with this key: send a heartbeat first.'));
    await until(() => heartbeats === 1);
    // the heartbeat that follows names its state: the pause ends and the poll asks about it
    follower.follow('v1');
    await until(() => polls.length === 2);
    expect(polls[1]!.since).toBe('v1');
    polls[1]!.fail(new Refused(404, 'Route GET:/api/ingest/v1/analyzers/changes not found'));
    await until(() => warnings.length === 1);
    expect(warnings[0]).toMatch(/exits are learnt at heartbeats/);
    expect(heartbeats).toBe(1);
    await follower.stop();
  });
});

describe('a camera reader switching kind', () => {
  it('keeps the old reader until the new one hands over its first frame, then stops it', () => {
    const made: { exit: boolean; stopped: boolean; emit(frame: Frame): void }[] = [];
    const frames: number[] = [];
    const assignment = { camera_uuid: DOOR, is_exit: false } as AnalyzerAssignment;
    const reader = new CameraReader(
      (a, onFrame) => {
        const source = { exit: a.is_exit, stopped: false, emit: onFrame, stop: () => (source.stopped = true) };
        made.push(source);
        return source;
      },
      assignment,
      (frame) => frames.push(frame.capturedAt),
    );
    const frame = (at: number): Frame => ({ rgb: Buffer.alloc(3), width: 1, height: 1, capturedAt: at });
    made[0]!.emit(frame(1));
    reader.reread({ ...assignment, is_exit: true });
    expect(made.map((m) => [m.exit, m.stopped])).toEqual([
      [false, false],
      [true, false],
    ]);
    expect(reader.switching).toBe(true);
    made[0]!.emit(frame(2));
    made[1]!.emit(frame(3));
    expect(made[0]!.stopped).toBe(true);
    expect(reader.switching).toBe(false);
    expect(frames).toEqual([1, 2, 3]);
    // switching again before the new one read anything stops the one that was retiring
    reader.reread(assignment);
    reader.reread({ ...assignment, is_exit: true });
    expect(made.map((m) => m.stopped)).toEqual([true, true, false, false]);
    reader.stop();
    expect(made.every((m) => m.stopped)).toBe(true);
  });
});
