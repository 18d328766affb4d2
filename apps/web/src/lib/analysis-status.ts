import { relativeTime, type CameraAnalysis } from '@vigil/contract';

export type AnalysisLabel = 'Analysed' | 'Starting' | 'No video' | 'Error' | 'Not analysed';

const COLORS: Record<AnalysisLabel, string> = {
  Analysed: 'teal',
  Starting: 'blue',
  'No video': 'orange',
  Error: 'red',
  'Not analysed': 'gray',
};

/** The figures of the report of an analyzer holding the camera now, short enough for a table cell. */
export interface LiveFigures {
  /** frames run through the models per second: '0.9 fps' */
  fps: string;
  /** share of sampled frames the motion gate skipped as still: '94%' */
  still: string;
  /** share dropped because the analyzer was busy: '3%', or 'none' */
  dropped: string;
  /** filming to end of analysis: '1.6 s', or null before anything was analysed */
  lag: string | null;
  /** 'First' for an exit (its frames go before the others', sampled faster on motion), 'In turn' for the others */
  turn: 'First' | 'In turn';
}

/** What the cameras page and the analyzers page show of one camera's analysis. */
export interface AnalysisView {
  label: AnalysisLabel;
  color: string;
  /** a line under the label: the error, why there is nothing, or since when it is not analysed; null when all is well */
  detail: string | null;
  /** the analyzer holding the camera now; null when none does */
  analyzerName: string | null;
  /** null when no analyzer holds the camera now (an old report's rates say nothing about the present) */
  live: LiveFigures | null;
  /** the card's badge: 'Analysed · 0.9 fps' */
  badge: string;
  /**
   * while analysed, the live figures as a phrase: '94% still · 3% dropped · 1.6 s behind live' ('served first · …' for an
   * exit); otherwise null
   */
  summary: string | null;
  /** relative times ('2 minutes ago'), 'none' when the report has none, null when there is no report */
  lastFace: string | null;
  lastObject: string | null;
  reportedAt: string | null;
}

/** '0.9 fps', '12 fps', '0 fps'; a rate that rounds to nothing but is not nothing says so. */
export function formatFps(fps: number): string {
  if (fps > 0 && fps < 0.05) return '< 0.1 fps';
  const shown = fps >= 10 ? Math.round(fps) : Math.round(fps * 10) / 10;
  return `${shown} fps`;
}

/** A share as a whole percent; never rounds a little to 0% or almost all to 100%. */
export function formatShare(share: number): string {
  if (share > 0 && share < 0.005) return '< 1%';
  if (share < 1 && share >= 0.995) return '> 99%';
  return `${Math.round(share * 100)}%`;
}

/** '1.6 s' under 10 s, '42 s' under two minutes, then '3 min'. */
export function formatLag(ms: number): string {
  const tenths = Math.round(ms / 100) / 10;
  if (tenths < 10) return `${tenths.toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 120) return `${seconds} s`;
  return `${Math.round(ms / 60_000)} min`;
}

const since = (iso: string | null, now: number): string => (iso ? relativeTime(Date.parse(iso), now) : 'none');

function statusOf(camera: CameraAnalysis, now: number): { label: AnalysisLabel; detail: string | null } {
  const { analyzer, report } = camera;
  if (!analyzer) {
    const when = report && camera.reported_at ? `last analysed ${relativeTime(Date.parse(camera.reported_at), now)}` : null;
    return { label: 'Not analysed', detail: when };
  }
  // An analyzer that has just taken the camera has not reported on it yet.
  switch (report?.state ?? 'starting') {
    case 'analysing':
      return { label: 'Analysed', detail: null };
    case 'starting':
      return { label: 'Starting', detail: null };
    case 'no_video':
      return { label: 'No video', detail: 'The analyzer gets no video from this camera.' };
    case 'error':
      return { label: 'Error', detail: report?.error || 'The analyzer could not analyse this camera.' };
  }
}

/** One camera's analysis as the UI shows it, at `now` (ms) for the relative times. */
export function describeAnalysis(camera: CameraAnalysis, now: number): AnalysisView {
  const { label, detail } = statusOf(camera, now);
  const report = camera.report;
  const live: LiveFigures | null =
    camera.analyzer && report
      ? {
          fps: formatFps(report.analysed_fps),
          still: formatShare(report.gated_share),
          dropped: report.dropped_share > 0 ? formatShare(report.dropped_share) : 'none',
          lag: report.lag_ms === null ? null : formatLag(report.lag_ms),
          turn: report.served_first ? 'First' : 'In turn',
        }
      : null;
  const summary =
    live && label === 'Analysed'
      ? [
          live.turn === 'First' ? 'served first' : null,
          `${live.still} still`,
          live.dropped !== 'none' ? `${live.dropped} dropped` : null,
          live.lag ? `${live.lag} behind live` : null,
        ]
          .filter((part) => part !== null)
          .join(' · ')
      : null;
  return {
    label,
    color: COLORS[label],
    detail,
    analyzerName: camera.analyzer?.name ?? null,
    live,
    badge: label === 'Analysed' && live ? `${label} · ${live.fps}` : label,
    summary,
    lastFace: report ? since(report.last_face_at, now) : null,
    lastObject: report ? since(report.last_object_at, now) : null,
    reportedAt: camera.reported_at ? relativeTime(Date.parse(camera.reported_at), now) : null,
  };
}
