import { ANALYZER, INGEST, type IngestEvent } from '@vigil/contract';
import type { DetectedObject, RgbFrame } from './models.js';
import { frameJpeg } from './pictures.js';

/** The COCO classes Vigil reports, as the ingest API names them (dog and cat are pets, car and truck vehicles). */
export const REPORTED_CLASSES = ['person', 'dog', 'cat', 'car', 'truck', 'bicycle'] as const;
export type ReportedClass = (typeof REPORTED_CLASSES)[number];
export const isReportedClass = (label: string): label is ReportedClass => (REPORTED_CLASSES as readonly string[]).includes(label);

export interface ObjectEventOptions {
  /** a class absent this long counts as new when it comes back (ms) */
  absenceMs?: number;
  /** while something stays in view, one event this often (ms) */
  repeatMs?: number;
}

/**
 * When a camera's detections become an event. Analysing a frame a second, a street would otherwise give 86,400 events
 * a day: an event is sent when a class appears (absent from the last analysed frame and not seen for `absenceMs`, so a
 * detection that flickers out for a frame does not count), then once every `repeatMs` while things move in view. A
 * scene that stays still (a resident asleep in the lounge) gives one event, not one a minute. Pure, one per camera.
 */
export class ObjectEventGate {
  private readonly lastSeen = new Map<string, number>();
  private previous = new Set<string>();
  private lastEventAt = -Infinity;
  private readonly o: Required<ObjectEventOptions>;

  constructor(options: ObjectEventOptions = {}) {
    this.o = { absenceMs: options.absenceMs ?? 10_000, repeatMs: options.repeatMs ?? 60_000 };
  }

  /** The classes seen in a frame analysed at `at` (ms), and whether anything moved; true when they make an event. */
  decide(classes: Iterable<string>, at: number, moving: boolean): boolean {
    const seen = new Set(classes);
    const appeared = [...seen].some((c) => !this.previous.has(c) && at - (this.lastSeen.get(c) ?? -Infinity) > this.o.absenceMs);
    for (const c of seen) this.lastSeen.set(c, at);
    this.previous = seen;
    if (seen.size === 0) return false;
    if (appeared || (moving && at - this.lastEventAt >= this.o.repeatMs)) {
      this.lastEventAt = at;
      return true;
    }
    return false;
  }
}

/** An event's picture: as wide as the server cuts event pictures from the video (media/frames.ts), some 10-30 KB. */
export const EVENT_PICTURE = { width: 320, quality: 75 } as const;

/**
 * The event the gate let through, with the frame its objects were seen in as its picture: the event is listed with
 * it at once, not only once its clip is recorded. Made once per event, after the gate, never per analysed frame.
 */
export async function objectEvent(
  cameraUuid: string,
  frame: RgbFrame & { capturedAt: number },
  objects: readonly DetectedObject[],
): Promise<IngestEvent> {
  const picture = await frameJpeg(frame, EVENT_PICTURE);
  return {
    source_id: `${cameraUuid}:${frame.capturedAt}`,
    camera_uuid: cameraUuid,
    started_at: new Date(frame.capturedAt).toISOString(),
    objects: objects
      .slice(0, INGEST.maxObjects)
      .map((o) => ({ name: o.label, confidence: Math.round(o.confidence * 1000) / 1000, box: o.box })),
    // Over the limit the whole batch would be refused (its faces too): the event goes without, and is cut from the video.
    ...(picture.length <= ANALYZER.maxEventFrameBytes && { frame: picture.toString('base64') }),
  };
}
