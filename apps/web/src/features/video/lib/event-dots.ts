import {
  EVENT_DOT_COLOURS,
  elopementAlertColour,
  timelineClassNameOf,
  timeToX,
  type ElopementAlert,
  type TimeView,
  type VigilEvent,
} from '@vigil/contract';

/** Which row of the track a dot sits in: detections low, elopement alerts high, so neither hides the other. */
export type DotRow = 'event' | 'alert';

/** A mark on the video timeline at an instant (epoch ms). */
export interface TimelineDot {
  at: number;
  colour: string;
  row: DotRow;
}

/** Object events of one camera, coloured by their timeline class (§9). */
export function eventDots(events: readonly VigilEvent[], cameraId: string): TimelineDot[] {
  const dots: TimelineDot[] = [];
  for (const event of events) {
    if (event.camera_uuid !== cameraId) continue;
    dots.push({ at: Date.parse(event.info.started_at), colour: EVENT_DOT_COLOURS[timelineClassNameOf(event.info.objects)], row: 'event' });
  }
  return dots;
}

/** Elopement alerts of one camera, coloured by age, graded over 24 hours (§9). */
export function elopementDots(alerts: readonly ElopementAlert[], cameraId: string, now: number): TimelineDot[] {
  const dots: TimelineDot[] = [];
  for (const alert of alerts) {
    if (alert.camera_uuid !== cameraId) continue;
    const at = alert.event_ts * 1000;
    dots.push({ at, colour: elopementAlertColour(at, now), row: 'alert' });
  }
  return dots;
}

export interface PlacedDot {
  x: number;
  y: number;
  colour: string;
}

/**
 * Where the dots go on a canvas `width` px wide: only those on screen, and one per pixel column, row and
 * colour, so a week of detections draws a few hundred circles, not thousands.
 */
export function placeDots(
  dots: readonly TimelineDot[],
  view: TimeView,
  width: number,
  rows: Record<DotRow, number>,
  radius: number,
): PlacedDot[] {
  const placed: PlacedDot[] = [];
  const seen = new Set<string>();
  for (const dot of dots) {
    const x = Math.round(timeToX(view, width, dot.at));
    if (x < -radius || x > width + radius) continue;
    const key = `${x}|${dot.row}|${dot.colour}`;
    if (seen.has(key)) continue;
    seen.add(key);
    placed.push({ x, y: rows[dot.row], colour: dot.colour });
  }
  return placed;
}
