import { TIMELINE } from './video.js';

/** The visible part of the timeline, in epoch milliseconds (start < end). */
export interface TimeView {
  start: number;
  end: number;
}

/** How far the timeline reaches: 3 months back to 2 days ahead of now (spec part 1 §9). */
export interface TimeBounds {
  min: number;
  max: number;
}

/** A recorded stretch of video in epoch milliseconds; lists of them are sorted by start. */
export interface TimeSpan {
  start: number;
  end: number;
}

const SECOND = 1000;

export function timelineBounds(now: number): TimeBounds {
  return { min: now - TIMELINE.rangeBackSeconds * SECOND, max: now + TIMELINE.rangeAheadSeconds * SECOND };
}

/** 7 days back to 1 day ahead. */
export function defaultTimelineView(now: number): TimeView {
  return { start: now - TIMELINE.defaultBackSeconds * SECOND, end: now + TIMELINE.defaultAheadSeconds * SECOND };
}

export const viewSpan = (view: TimeView): number => view.end - view.start;

/** Keeps the span between the zoom limits (60 s to ~3 months) and the view inside the bounds. */
export function clampView(view: TimeView, bounds: TimeBounds): TimeView {
  const maxSpan = Math.min(TIMELINE.zoomMaxSeconds * SECOND, bounds.max - bounds.min);
  const span = Math.min(maxSpan, Math.max(TIMELINE.zoomMinSeconds * SECOND, viewSpan(view)));
  const center = (view.start + view.end) / 2;
  let start = center - span / 2;
  if (start < bounds.min) start = bounds.min;
  if (start + span > bounds.max) start = bounds.max - span;
  return { start, end: start + span };
}

/** Zooms by `factor` (< 1 zooms in) keeping the instant `anchor` at the same place on screen. */
export function zoomView(view: TimeView, factor: number, anchor: number, bounds: TimeBounds): TimeView {
  const span = viewSpan(view);
  const maxSpan = Math.min(TIMELINE.zoomMaxSeconds * SECOND, bounds.max - bounds.min);
  const nextSpan = Math.min(maxSpan, Math.max(TIMELINE.zoomMinSeconds * SECOND, span * factor));
  const ratio = span > 0 ? (anchor - view.start) / span : 0.5;
  const start = anchor - ratio * nextSpan;
  return clampView({ start, end: start + nextSpan }, bounds);
}

export function panView(view: TimeView, deltaMs: number, bounds: TimeBounds): TimeView {
  return clampView({ start: view.start + deltaMs, end: view.end + deltaMs }, bounds);
}

/** Moves the view so that `at` is visible, centring it only when it was off screen. */
export function revealInView(view: TimeView, at: number, bounds: TimeBounds): TimeView {
  if (at >= view.start && at <= view.end) return view;
  const half = viewSpan(view) / 2;
  return clampView({ start: at - half, end: at + half }, bounds);
}

export const timeToX = (view: TimeView, width: number, t: number): number => ((t - view.start) / viewSpan(view)) * width;
export const xToTime = (view: TimeView, width: number, x: number): number => view.start + (x / width) * viewSpan(view);

/** Bucket sizes the recordings endpoint is asked for: a short list, so small zoom changes reuse the cache. */
export const BUCKET_SECONDS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400] as const;

/** About one bucket per pixel: the largest listed size not above visible seconds / width, at least 1. */
export function bucketSecondsFor(view: TimeView, width: number): number {
  const perPixel = viewSpan(view) / SECOND / Math.max(1, width);
  let chosen: number = BUCKET_SECONDS[0];
  for (const size of BUCKET_SECONDS) if (size <= perPixel) chosen = size;
  return chosen;
}

/**
 * What to ask the recordings endpoint for: the view plus half a view on each side, snapped to a
 * grid, so panning within that margin asks nothing new.
 */
export function recordingsWindow(view: TimeView, width: number): { start: number; end: number; bucketSeconds: number } {
  const bucketSeconds = bucketSecondsFor(view, width);
  const span = viewSpan(view);
  const grid = Math.max(bucketSeconds * SECOND, niceStep(span / 2));
  const start = Math.floor((view.start - span / 2) / grid) * grid;
  const end = Math.ceil((view.end + span / 2) / grid) * grid;
  return { start, end, bucketSeconds };
}

/** Tick steps in seconds, from one second to a month. */
export const TICK_STEPS_SECONDS = [
  1,
  5,
  10,
  30,
  60,
  300,
  600,
  900,
  1800,
  3600,
  2 * 3600,
  3 * 3600,
  6 * 3600,
  12 * 3600,
  86_400,
  2 * 86_400,
  7 * 86_400,
  14 * 86_400,
  30 * 86_400,
] as const;

function niceStep(ms: number): number {
  for (const step of TICK_STEPS_SECONDS) if (step * SECOND >= ms) return step * SECOND;
  return 30 * 86_400 * SECOND;
}

export type TickLabelKind = 'seconds' | 'minutes' | 'date';

export interface TimelineTicks {
  stepMs: number;
  /** How a tick's label reads: with seconds, hours and minutes, or a date. */
  labelKind: TickLabelKind;
  ticks: number[];
}

/**
 * Tick instants at least `minSpacingPx` apart, aligned to whole steps of local time
 * (`offsetMs` = local time minus UTC, e.g. -getTimezoneOffset() * 60000).
 */
export function timelineTicks(view: TimeView, width: number, minSpacingPx = 90, offsetMs = 0): TimelineTicks {
  const span = viewSpan(view);
  const minStep = (span / Math.max(1, width)) * minSpacingPx;
  const stepMs = niceStep(minStep);
  const labelKind: TickLabelKind = stepMs < 60 * SECOND ? 'seconds' : stepMs < 86_400 * SECOND ? 'minutes' : 'date';
  const ticks: number[] = [];
  const first = Math.ceil((view.start + offsetMs) / stepMs) * stepMs - offsetMs;
  for (let t = first; t <= view.end && ticks.length < 1000; t += stepMs) ticks.push(t);
  return { stepMs, labelKind, ticks };
}

/** Index of the first span that ends at or after `t` (spans sorted by start and not overlapping). */
export function firstSpanEndingAfter(spans: readonly TimeSpan[], t: number): number {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid]!.end < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The visible spans as pixel runs [x0, x1, x0, x1, …]: clipped to the canvas, at least one pixel
 * wide, and merged where they touch on screen, so 10,000 spans become at most `width` rectangles.
 */
export function spanPixelRuns(spans: readonly TimeSpan[], view: TimeView, width: number): number[] {
  const runs: number[] = [];
  const scale = width / viewSpan(view);
  for (let i = firstSpanEndingAfter(spans, view.start); i < spans.length; i++) {
    const span = spans[i]!;
    if (span.start > view.end) break;
    let x0 = Math.max(0, (span.start - view.start) * scale);
    let x1 = Math.min(width, (span.end - view.start) * scale);
    if (x1 - x0 < 1) {
      x0 = Math.max(0, Math.min(x0, width - 1));
      x1 = x0 + 1;
    }
    const last = runs.length - 1;
    if (last > 0 && x0 <= runs[last]! + 0.5) runs[last] = Math.max(runs[last]!, x1);
    else runs.push(x0, x1);
  }
  return runs;
}

/** The few members of CanvasRenderingContext2D that span drawing needs (a fake one in tests and benchmarks). */
export interface SpanCanvas {
  fillStyle: unknown;
  beginPath(): void;
  rect(x: number, y: number, w: number, h: number): void;
  fill(): void;
}

/** Draws the spans as one filled path (one fill call however many spans); returns how many rectangles it drew. */
export function renderSpans(
  ctx: SpanCanvas,
  spans: readonly TimeSpan[],
  view: TimeView,
  width: number,
  band: { y: number; height: number; color: string },
): number {
  const runs = spanPixelRuns(spans, view, width);
  ctx.fillStyle = band.color;
  ctx.beginPath();
  for (let i = 0; i < runs.length; i += 2) ctx.rect(runs[i]!, band.y, runs[i + 1]! - runs[i]!, band.height);
  ctx.fill();
  return runs.length / 2;
}

/** Spans as sent by the server (ISO strings) to epoch milliseconds, sorted by start. */
export function parseSpans(spans: readonly { start: string; end: string }[]): TimeSpan[] {
  return spans.map((s) => ({ start: Date.parse(s.start), end: Date.parse(s.end) })).sort((a, b) => a.start - b.start);
}

/** `count` evenly spaced spans of `lengthMs` every `everyMs` from `start`: input for benchmarks and tests of renderSpans. */
export function syntheticSpans(count: number, start: number, everyMs: number, lengthMs: number): TimeSpan[] {
  return Array.from({ length: count }, (_, i) => ({ start: start + i * everyMs, end: start + i * everyMs + lengthMs }));
}
