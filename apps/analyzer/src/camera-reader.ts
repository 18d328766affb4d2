import type { AnalyzerAssignment } from '@vigil/contract';
import type { Frame, FrameSource } from './frames.js';

/** Makes a camera's video reader as its assignment says (an exit's reader hands over every frame, others a few a second). */
export type ReaderFactory = (assignment: AnalyzerAssignment, onFrame: (frame: Frame) => void) => Pick<FrameSource, 'stop'>;

/**
 * A camera's live video for as long as the analyzer holds it. When the camera turns exit or ordinary, `reread` starts a
 * reader of the new kind and the old one goes on reading until the new one's first frame, so no frame is missed while
 * ffmpeg starts.
 */
export class CameraReader {
  private source: Pick<FrameSource, 'stop'>;
  private retiring: Pick<FrameSource, 'stop'> | null = null;

  constructor(
    private readonly make: ReaderFactory,
    assignment: AnalyzerAssignment,
    private readonly onFrame: (frame: Frame) => void,
  ) {
    this.source = make(assignment, onFrame);
  }

  reread(assignment: AnalyzerAssignment): void {
    this.retiring?.stop();
    const old = this.source;
    this.retiring = old;
    let first = true;
    this.source = this.make(assignment, (frame) => {
      if (first && this.retiring === old) {
        old.stop();
        this.retiring = null;
      }
      first = false;
      this.onFrame(frame);
    });
  }

  /** Whether a reader of before is still reading (the new one has not handed over a frame yet). */
  get switching(): boolean {
    return this.retiring !== null;
  }

  stop(): void {
    this.source.stop();
    this.retiring?.stop();
    this.retiring = null;
  }
}
