import { useEffect, useEffectEvent, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { ActionIcon, Box, Group, Text, Tooltip } from '@mantine/core';
import {
  defaultTimelineView,
  panView,
  recordingsWindow,
  revealInView,
  timelineBounds,
  viewSpan,
  xToTime,
  zoomView,
  type TimeView,
} from '@vigil/contract';
import { useStore, type Store } from '../../../lib/store';
import { startInterval } from '../../../lib/timers';
import { useTimelineDots } from '../api/get-event-dots';
import { useRecordings } from '../api/get-recordings';
import { formatTimelineInstant } from '../../../lib/format-instant';
import { drawTimeline } from '../lib/draw-timeline';
import { ZoomInIcon, ZoomOutIcon } from './player-icons';

const HEIGHT = 66;
const CLICK_SLOP_PX = 4;
const NO_SPANS: never[] = [];

interface Drag {
  pointerId: number;
  startX: number;
  startView: TimeView;
  moved: boolean;
}

/**
 * The recordings timeline (spec part 1 §2, §9): a canvas with the recorded spans, event and alert dots,
 * zoom (wheel, +/-), drag to pan, a cursor at the playback time; a click plays that moment.
 */
export function Timeline({
  cameraId,
  cursor,
  focus,
  onSeek,
}: {
  cameraId: string;
  /** Playback time (epoch ms). */
  cursor: Store<number | null>;
  /** The requested moment: the view moves to show it when it changes. */
  focus: number | null;
  onSeek: (at: number) => void;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const dragRef = useRef<Drag | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [view, setView] = useState(() => defaultTimelineView(now));
  const [width, setWidth] = useState(0);
  const [hoverX, setHoverX] = useState<number | null>(null);
  const [seenFocus, setSeenFocus] = useState<number | null>(null);
  const cursorTime = useStore(cursor);
  const bounds = timelineBounds(now);

  // Playback running off the right edge turns the page, as long as the cursor was on screen before.
  const [seenCursor, setSeenCursor] = useState(cursorTime);
  if (cursorTime !== seenCursor) {
    setSeenCursor(cursorTime);
    const span = viewSpan(view);
    if (
      seenCursor !== null &&
      cursorTime !== null &&
      seenCursor >= view.start &&
      seenCursor <= view.end &&
      cursorTime > view.end &&
      cursorTime - seenCursor < span
    ) {
      setView(panView(view, cursorTime - view.start - span * 0.2, bounds));
    }
  }

  if (focus !== seenFocus) {
    setSeenFocus(focus);
    if (focus !== null) setView(revealInView(view, focus, bounds));
  }

  const fetchWindow = width > 0 ? recordingsWindow(view, width) : null;
  const recordings = useRecordings(cameraId, fetchWindow);
  const spans = recordings.data ?? NO_SPANS;
  const dots = useTimelineDots(cameraId, fetchWindow, now);

  useEffect(() => startInterval(() => setNow(Date.now()), 15_000), []);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || width === 0) return;
    const frame = requestAnimationFrame(() => {
      const pixelRatio = window.devicePixelRatio || 1;
      const deviceWidth = Math.round(width * pixelRatio);
      if (canvas.width !== deviceWidth) canvas.width = deviceWidth;
      if (canvas.height !== HEIGHT * pixelRatio) canvas.height = HEIGHT * pixelRatio;
      const ctx = canvas.getContext('2d');
      if (ctx) drawTimeline(ctx, { width, height: HEIGHT, pixelRatio, view, spans, cursor: cursorTime, now, hoverX, dots });
    });
    return () => cancelAnimationFrame(frame);
  }, [width, view, spans, cursorTime, now, hoverX, dots]);

  const zoomAt = useEffectEvent((factor: number, anchor: number) =>
    setView((v) => zoomView(v, factor, anchor, timelineBounds(Date.now()))),
  );

  // React's wheel listeners are passive; the page must not scroll while the timeline zooms.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = canvas.getBoundingClientRect();
      const x = event.clientX - rect.left;
      const delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
      zoomAt(Math.exp(delta * 0.002), xToTime(view, rect.width, x));
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, [view]);

  const localX = (event: PointerEvent<HTMLCanvasElement>) => event.clientX - event.currentTarget.getBoundingClientRect().left;

  function onPointerDown(event: PointerEvent<HTMLCanvasElement>) {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    dragRef.current = { pointerId: event.pointerId, startX: localX(event), startView: view, moved: false };
  }

  function onPointerMove(event: PointerEvent<HTMLCanvasElement>) {
    const x = localX(event);
    const drag = dragRef.current;
    if (!drag || drag.pointerId !== event.pointerId) {
      if (event.pointerType === 'mouse') setHoverX(x);
      return;
    }
    const dx = x - drag.startX;
    if (Math.abs(dx) > CLICK_SLOP_PX) drag.moved = true;
    if (drag.moved) setView(panView(drag.startView, (-dx / width) * viewSpan(drag.startView), bounds));
  }

  function onPointerUp(event: PointerEvent<HTMLCanvasElement>) {
    const drag = dragRef.current;
    dragRef.current = null;
    if (!drag || drag.pointerId !== event.pointerId || drag.moved || width === 0) return;
    onSeek(xToTime(view, width, localX(event)));
  }

  function onKeyDown(event: KeyboardEvent<HTMLCanvasElement>) {
    const base = cursorTime ?? now;
    const steps: Record<string, number> = { ArrowLeft: -60_000, ArrowRight: 60_000, PageDown: -3_600_000, PageUp: 3_600_000 };
    const step = steps[event.key];
    if (step !== undefined) onSeek(base + step);
    else if (event.key === '+' || event.key === '=') setView(zoomView(view, 0.5, base, bounds));
    else if (event.key === '-') setView(zoomView(view, 2, base, bounds));
    else return;
    event.preventDefault();
  }

  const center = (view.start + view.end) / 2;
  return (
    <Box>
      <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
        <Text size="xs" c="dimmed" truncate>
          {formatTimelineInstant(view.start)} – {formatTimelineInstant(view.end)}
          {recordings.isError ? ' · recordings unavailable' : ''}
        </Text>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Zoom in">
            <ActionIcon
              variant="default"
              size="sm"
              aria-label="Zoom in"
              onClick={() => setView(zoomView(view, 0.5, cursorTime ?? center, bounds))}
            >
              <ZoomInIcon size={14} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Zoom out">
            <ActionIcon
              variant="default"
              size="sm"
              aria-label="Zoom out"
              onClick={() => setView(zoomView(view, 2, cursorTime ?? center, bounds))}
            >
              <ZoomOutIcon size={14} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Box ref={boxRef} h={HEIGHT}>
        <canvas
          ref={canvasRef}
          role="slider"
          aria-label="Timeline"
          aria-valuemin={Math.round(bounds.min / 1000)}
          aria-valuemax={Math.round(bounds.max / 1000)}
          aria-valuenow={Math.round((cursorTime ?? now) / 1000)}
          aria-valuetext={cursorTime === null ? 'Nothing playing' : formatTimelineInstant(cursorTime)}
          tabIndex={0}
          style={{ width: '100%', height: HEIGHT, display: 'block', touchAction: 'none', cursor: 'pointer' }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (dragRef.current = null)}
          onPointerLeave={() => setHoverX(null)}
          onKeyDown={onKeyDown}
        />
      </Box>
    </Box>
  );
}
