import { describe, expect, it } from 'vitest';
import {
  bucketSecondsFor,
  clampView,
  defaultTimelineView,
  firstSpanEndingAfter,
  panView,
  parseSpans,
  recordingsWindow,
  renderSpans,
  revealInView,
  spanPixelRuns,
  syntheticSpans,
  timeToX,
  timelineBounds,
  timelineTicks,
  viewSpan,
  xToTime,
  zoomView,
  type SpanCanvas,
  type TimeSpan,
} from './timeline.js';
import { TIMELINE } from './video.js';

const NOW = Date.parse('2026-11-22T05:31:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const bounds = timelineBounds(NOW);

describe('timeline range and default view', () => {
  it('reaches 3 months back and 2 days ahead; shows 7 days back to 1 day ahead', () => {
    expect(NOW - bounds.min).toBe(TIMELINE.rangeBackSeconds * 1000);
    expect(bounds.max - NOW).toBe(2 * DAY);
    expect(defaultTimelineView(NOW)).toEqual({ start: NOW - 7 * DAY, end: NOW + DAY });
  });
});

describe('time <-> x', () => {
  const view = { start: 0, end: 1000 };
  it('maps linearly and back', () => {
    expect(timeToX(view, 500, 250)).toBe(125);
    expect(xToTime(view, 500, 125)).toBe(250);
    expect(xToTime(view, 500, timeToX(view, 500, 777))).toBeCloseTo(777);
  });
});

describe('zoom and pan', () => {
  it('never zooms in past 60 s or out past ~3 months', () => {
    const view = defaultTimelineView(NOW);
    let zoomed = view;
    for (let i = 0; i < 100; i++) zoomed = zoomView(zoomed, 0.5, NOW, bounds);
    expect(viewSpan(zoomed)).toBe(60_000);
    for (let i = 0; i < 100; i++) zoomed = zoomView(zoomed, 2, NOW, bounds);
    expect(viewSpan(zoomed)).toBe(TIMELINE.zoomMaxSeconds * 1000);
    expect(zoomed.start).toBeGreaterThanOrEqual(bounds.min);
    expect(zoomed.end).toBeLessThanOrEqual(bounds.max);
  });

  it('keeps the anchor at the same place on screen', () => {
    const view = { start: NOW - 10 * HOUR, end: NOW + 10 * HOUR };
    const anchor = NOW - 5 * HOUR;
    const before = timeToX(view, 1000, anchor);
    const zoomed = zoomView(view, 0.5, anchor, bounds);
    expect(viewSpan(zoomed)).toBe(10 * HOUR);
    expect(timeToX(zoomed, 1000, anchor)).toBeCloseTo(before);
  });

  it('pans but stops at the ends of the range', () => {
    const view = { start: NOW - HOUR, end: NOW };
    expect(panView(view, -MIN, bounds)).toEqual({ start: NOW - HOUR - MIN, end: NOW - MIN });
    expect(panView(view, 10 * DAY, bounds)).toEqual({ start: bounds.max - HOUR, end: bounds.max });
    expect(panView(view, -200 * DAY, bounds).start).toBe(bounds.min);
  });

  it('reveals an instant off screen by centring it, and leaves a visible one alone', () => {
    const view = { start: NOW - HOUR, end: NOW };
    expect(revealInView(view, NOW - MIN, bounds)).toBe(view);
    expect(revealInView(view, NOW - 5 * HOUR, bounds)).toEqual({ start: NOW - 5.5 * HOUR, end: NOW - 4.5 * HOUR });
  });

  it('widens a view narrower than a minute', () => {
    expect(viewSpan(clampView({ start: NOW, end: NOW + 1000 }, bounds))).toBe(60_000);
  });
});

describe('recordings bucket and window', () => {
  it('asks for about one bucket per pixel, at least one second, from a short list', () => {
    expect(bucketSecondsFor({ start: 0, end: 60_000 }, 1000)).toBe(1);
    expect(bucketSecondsFor({ start: 0, end: 8 * DAY }, 1000)).toBe(600);
    expect(bucketSecondsFor({ start: 0, end: 91 * DAY }, 1000)).toBe(7200);
  });

  it('reaches half a view beyond each side and does not move for small pans', () => {
    const view = { start: NOW - HOUR, end: NOW };
    const window = recordingsWindow(view, 1000);
    expect(window.start).toBeLessThanOrEqual(view.start - HOUR / 2);
    expect(window.end).toBeGreaterThanOrEqual(view.end + HOUR / 2);
    const shifted = recordingsWindow({ start: view.start + 1000, end: view.end + 1000 }, 1000);
    expect(shifted).toEqual(window);
  });
});

describe('ticks', () => {
  it('spaces ticks at least the minimum apart and aligns them to whole steps', () => {
    const view = { start: NOW - HOUR, end: NOW };
    const { stepMs, ticks, labelKind } = timelineTicks(view, 1000, 80);
    expect(stepMs).toBe(5 * MIN);
    expect(labelKind).toBe('minutes');
    expect(ticks.every((t) => t % stepMs === 0)).toBe(true);
    expect(ticks[0]).toBeGreaterThanOrEqual(view.start);
    expect(ticks.at(-1)).toBeLessThanOrEqual(view.end);
  });

  it('aligns day ticks to local midnight', () => {
    const offset = 2 * HOUR;
    const { ticks, labelKind } = timelineTicks(defaultTimelineView(NOW), 800, 90, offset);
    expect(labelKind).toBe('date');
    expect(ticks.every((t) => (t + offset) % DAY === 0)).toBe(true);
  });

  it('labels second-level steps with seconds', () => {
    expect(timelineTicks({ start: 0, end: 60_000 }, 1200, 80).labelKind).toBe('seconds');
  });
});

describe('span drawing', () => {
  const view = { start: 0, end: 1000 };
  it('finds the first span that ends at or after a time', () => {
    const spans = [
      { start: 0, end: 10 },
      { start: 20, end: 30 },
      { start: 40, end: 50 },
    ];
    expect(firstSpanEndingAfter(spans, 25)).toBe(1);
    expect(firstSpanEndingAfter(spans, 31)).toBe(2);
    expect(firstSpanEndingAfter(spans, 60)).toBe(3);
  });

  it('clips, widens tiny spans to a pixel and merges runs that touch on screen', () => {
    const spans = [
      { start: -100, end: 100 },
      { start: 100.2, end: 200 },
      { start: 500, end: 500.1 },
      { start: 900, end: 2000 },
    ];
    expect(spanPixelRuns(spans, view, 100)).toEqual([0, 20, 50, 51, 90, 100]);
  });

  it('draws 10,000 spans with one path and one fill', () => {
    const spans: TimeSpan[] = syntheticSpans(10_000, 0, 100, 60);
    expect(spans[1]).toEqual({ start: 100, end: 160 });
    const calls = { beginPath: 0, rect: 0, fill: 0 };
    const ctx: SpanCanvas = {
      fillStyle: '',
      beginPath: () => void calls.beginPath++,
      rect: () => void calls.rect++,
      fill: () => void calls.fill++,
    };
    const drawn = renderSpans(ctx, spans, { start: 0, end: 1_000_000 }, 1000, { y: 0, height: 10, color: '#0a0' });
    expect(calls.beginPath).toBe(1);
    expect(calls.fill).toBe(1);
    expect(drawn).toBe(calls.rect);
    expect(drawn).toBeLessThanOrEqual(1000);
    expect(ctx.fillStyle).toBe('#0a0');
  });

  it('parses and sorts server spans', () => {
    expect(
      parseSpans([
        { start: '2026-11-22T05:02:00Z', end: '2026-11-22T05:03:00Z' },
        { start: '2026-11-22T05:00:00Z', end: '2026-11-22T05:01:00Z' },
      ]),
    ).toEqual([
      { start: Date.parse('2026-11-22T05:00:00Z'), end: Date.parse('2026-11-22T05:01:00Z') },
      { start: Date.parse('2026-11-22T05:02:00Z'), end: Date.parse('2026-11-22T05:03:00Z') },
    ]);
  });
});
