import { formatUtc, type ClipReply } from '@vigil/contract';

/** An early answer nobody took within this long is dropped; the route change that takes it follows within frames. */
const KEEP_MS = 10_000;

const keyOf = (cameraId: string, at: Date): string => `${cameraId} ${formatUtc(at)}`;

/**
 * The clip request of a user's action (the Live switch, a timeline click), sent from the event itself: the archive
 * playback that the route change starts a moment later takes the answer instead of asking again. One at a time; an
 * answer is taken once. Keyed by camera and the moment as the API sends it (whole seconds).
 */
export class EarlyClipRequest {
  private pending: { key: string; sentAt: number; reply: Promise<ClipReply | undefined> } | null = null;

  constructor(
    private readonly getClip: (cameraId: string, at: Date) => Promise<ClipReply | undefined>,
    private readonly now: () => number = Date.now,
  ) {}

  start(cameraId: string, at: Date): void {
    const key = keyOf(cameraId, at);
    if (this.pending?.key === key && this.now() - this.pending.sentAt <= KEEP_MS) return;
    const reply = this.getClip(cameraId, at);
    // A failure belongs to whoever takes the answer; one nobody takes must not surface as an unhandled rejection.
    reply.catch(() => undefined);
    this.pending = { key, sentAt: this.now(), reply };
  }

  /** The answer for this camera and moment, when one was asked for lately; undefined otherwise. */
  take(cameraId: string, at: Date): Promise<ClipReply | undefined> | undefined {
    const pending = this.pending;
    if (!pending || pending.key !== keyOf(cameraId, at) || this.now() - pending.sentAt > KEEP_MS) return undefined;
    this.pending = null;
    return pending.reply;
  }
}
