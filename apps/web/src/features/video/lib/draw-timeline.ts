import { renderSpans, timeToX, timelineTicks, type TimeSpan, type TimeView, type TickLabelKind } from '@vigil/contract';
import { formatTimelineInstant } from '../../../lib/format-instant';
import { placeDots, type TimelineDot } from './event-dots';

export interface TimelineFrame {
  width: number;
  height: number;
  pixelRatio: number;
  view: TimeView;
  spans: readonly TimeSpan[];
  /** The playback position (epoch ms), null when nothing plays. */
  cursor: number | null;
  now: number;
  /** Pointer position for the hover line, null when the pointer is elsewhere. */
  hoverX: number | null;
  /** Event and elopement-alert marks of the camera; none when left out. */
  dots?: readonly TimelineDot[];
}

export const TIMELINE_COLORS = {
  track: '#eef1f4',
  future: '#dfe3e8',
  recorded: '#2f9e44',
  tick: '#868e96',
  label: '#495057',
  now: '#868e96',
  cursor: '#e03131',
  hover: '#1c7ed6',
} as const;

const LABEL_FONT = '11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
export const TRACK = { top: 20, height: 26 } as const;
export const DOT_RADIUS = 3.5;
/** Dot centres: alerts near the top of the track, detections near its bottom. */
export const DOT_ROWS = { alert: TRACK.top + 6, event: TRACK.top + TRACK.height - 6 } as const;

const formats: Record<TickLabelKind, Intl.DateTimeFormat> = {
  seconds: new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
  minutes: new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }),
  date: new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' }),
};

function localOffsetMs(t: number): number {
  return -new Date(t).getTimezoneOffset() * 60_000;
}

/** One frame of the timeline: track, future shade, recorded spans (one path), ticks, now, cursor and hover line. */
export function drawTimeline(ctx: CanvasRenderingContext2D, frame: TimelineFrame): void {
  const { width, height, view } = frame;
  ctx.setTransform(frame.pixelRatio, 0, 0, frame.pixelRatio, 0, 0);
  ctx.clearRect(0, 0, width, height);

  ctx.fillStyle = TIMELINE_COLORS.track;
  ctx.fillRect(0, TRACK.top, width, TRACK.height);
  const nowX = timeToX(view, width, frame.now);
  if (nowX < width) {
    ctx.fillStyle = TIMELINE_COLORS.future;
    ctx.fillRect(Math.max(0, nowX), TRACK.top, width - Math.max(0, nowX), TRACK.height);
  }

  renderSpans(ctx, frame.spans, view, width, { y: TRACK.top, height: TRACK.height, color: TIMELINE_COLORS.recorded });

  const { ticks, labelKind } = timelineTicks(view, width, 90, localOffsetMs(view.start));
  ctx.font = LABEL_FONT;
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'center';
  ctx.fillStyle = TIMELINE_COLORS.tick;
  ctx.beginPath();
  for (const t of ticks) {
    const x = Math.round(timeToX(view, width, t)) + 0.5;
    ctx.rect(x - 0.5, TRACK.top - 5, 1, 5);
    ctx.rect(x - 0.5, TRACK.top + TRACK.height, 1, 4);
  }
  ctx.fill();
  ctx.fillStyle = TIMELINE_COLORS.label;
  for (const t of ticks) {
    const x = timeToX(view, width, t);
    if (x < 20 || x > width - 20) continue;
    ctx.fillText(formats[labelKind].format(t), x, TRACK.top - 8);
  }

  if (frame.dots && frame.dots.length > 0) drawDots(ctx, frame.dots, view, width);

  if (nowX >= 0 && nowX <= width) {
    ctx.fillStyle = TIMELINE_COLORS.now;
    ctx.fillRect(Math.round(nowX) - 0.5, TRACK.top - 2, 1, TRACK.height + 4);
  }

  if (frame.hoverX !== null) {
    ctx.fillStyle = TIMELINE_COLORS.hover;
    ctx.fillRect(Math.round(frame.hoverX), TRACK.top, 1, TRACK.height);
    const label = formatTimelineInstant(view.start + (frame.hoverX / width) * (view.end - view.start));
    const textWidth = ctx.measureText(label).width;
    const x = Math.min(Math.max(frame.hoverX, textWidth / 2 + 2), width - textWidth / 2 - 2);
    ctx.fillText(label, x, TRACK.top + TRACK.height + 15);
  }

  if (frame.cursor !== null) {
    const x = timeToX(view, width, frame.cursor);
    if (x >= -2 && x <= width + 2) {
      ctx.fillStyle = TIMELINE_COLORS.cursor;
      ctx.fillRect(Math.round(x) - 1, TRACK.top - 4, 2, TRACK.height + 8);
      ctx.beginPath();
      ctx.moveTo(x - 5, TRACK.top - 9);
      ctx.lineTo(x + 5, TRACK.top - 9);
      ctx.lineTo(x, TRACK.top - 3);
      ctx.fill();
    }
  }
}

/** One path per colour, each dot with a white rim so it reads on a recorded (green) stretch too. */
function drawDots(ctx: CanvasRenderingContext2D, dots: readonly TimelineDot[], view: TimeView, width: number): void {
  const byColour = new Map<string, { x: number; y: number }[]>();
  for (const dot of placeDots(dots, view, width, DOT_ROWS, DOT_RADIUS)) {
    const list = byColour.get(dot.colour);
    if (list) list.push(dot);
    else byColour.set(dot.colour, [dot]);
  }
  ctx.lineWidth = 1;
  ctx.strokeStyle = '#ffffff';
  for (const [colour, points] of byColour) {
    ctx.beginPath();
    for (const { x, y } of points) {
      ctx.moveTo(x + DOT_RADIUS, y);
      ctx.arc(x, y, DOT_RADIUS, 0, Math.PI * 2);
    }
    ctx.fillStyle = colour;
    ctx.fill();
    ctx.stroke();
  }
}
