import type { CameraAnalysis } from '@vigil/contract';
import { describe, expect, it } from 'vitest';
import { describeAnalysis, formatFps, formatLag, formatShare } from './analysis-status';

const NOW = Date.parse('2026-11-22T05:31:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const ANALYZER = { id: '0a000000-0000-4000-8000-000000000001', name: 'analyzer on host-1 (pid 42)', last_seen_at: ago(3_000) };

type Report = NonNullable<CameraAnalysis['report']>;
const report = (changes: Partial<Report> = {}): Report => ({
  state: 'analysing',
  sampled_fps: 2,
  analysed_fps: 0.94,
  gated_share: 0.94,
  dropped_share: 0,
  last_face_at: ago(120_000),
  last_object_at: ago(5_000),
  lag_ms: 1_612,
  error: null,
  served_first: false,
  ...changes,
});
const camera = (changes: Partial<CameraAnalysis> = {}): CameraAnalysis => ({
  camera_uuid: 'c1a00001-0000-4000-8000-00000000a001',
  description: 'Front Entrance Outdoor',
  analyzer: ANALYZER,
  report: report(),
  reported_at: ago(4_000),
  ...changes,
});

describe('describeAnalysis', () => {
  it('an exit is served first, and says so', () => {
    const view = describeAnalysis(camera({ report: report({ served_first: true }) }), NOW);
    expect(view.live?.turn).toBe('First');
    expect(view.summary).toBe('served first · 94% still · 1.6 s behind live');
  });

  it('an analyzer analysing the camera: Analysed with its figures', () => {
    expect(describeAnalysis(camera(), NOW)).toEqual({
      label: 'Analysed',
      color: 'teal',
      detail: null,
      analyzerName: 'analyzer on host-1 (pid 42)',
      live: { fps: '0.9 fps', still: '94%', dropped: 'none', lag: '1.6 s', turn: 'In turn' },
      badge: 'Analysed · 0.9 fps',
      summary: '94% still · 1.6 s behind live',
      lastFace: '2 minutes ago',
      lastObject: 'just now',
      reportedAt: 'just now',
    });
  });

  it('names dropped frames only when there are some', () => {
    const view = describeAnalysis(camera({ report: report({ dropped_share: 0.031 }) }), NOW);
    expect(view.live?.dropped).toBe('3%');
    expect(view.summary).toBe('94% still · 3% dropped · 1.6 s behind live');
  });

  it('leaves the lag out while nothing has been analysed, and shows 0 fps as it is', () => {
    const view = describeAnalysis(camera({ report: report({ analysed_fps: 0, gated_share: 1, lag_ms: null }) }), NOW);
    expect(view.badge).toBe('Analysed · 0 fps');
    expect(view.live).toEqual({ fps: '0 fps', still: '100%', dropped: 'none', lag: null, turn: 'In turn' });
    expect(view.summary).toBe('100% still');
  });

  it('Starting while the report says so, and before the first report of a new lease', () => {
    const starting = describeAnalysis(camera({ report: report({ state: 'starting', analysed_fps: 0 }) }), NOW);
    expect(starting).toMatchObject({ label: 'Starting', color: 'blue', badge: 'Starting', detail: null, summary: null });
    expect(starting.live?.fps).toBe('0 fps');
    const fresh = describeAnalysis(camera({ report: null, reported_at: null }), NOW);
    expect(fresh).toMatchObject({ label: 'Starting', analyzerName: ANALYZER.name, live: null, lastFace: null, reportedAt: null });
  });

  it('No video says why there is nothing', () => {
    const view = describeAnalysis(camera({ report: report({ state: 'no_video', analysed_fps: 0, sampled_fps: 0 }) }), NOW);
    expect(view).toMatchObject({ label: 'No video', color: 'orange', badge: 'No video', summary: null });
    expect(view.detail).toBe('The analyzer gets no video from this camera.');
  });

  it('Error carries the error text, or a plain one when the analyzer sent none', () => {
    const view = describeAnalysis(camera({ report: report({ state: 'error', error: 'Model failed to load' }) }), NOW);
    expect(view).toMatchObject({ label: 'Error', color: 'red', badge: 'Error', detail: 'Model failed to load' });
    expect(describeAnalysis(camera({ report: report({ state: 'error', error: null }) }), NOW).detail).toBe(
      'The analyzer could not analyse this camera.',
    );
  });

  it('Not analysed, since when with an old report, whose rates are no longer shown', () => {
    const old = describeAnalysis(camera({ analyzer: null, reported_at: ago(5 * 60_000 + 20_000) }), NOW);
    expect(old).toMatchObject({
      label: 'Not analysed',
      color: 'gray',
      badge: 'Not analysed',
      detail: 'last analysed 5 minutes ago',
      analyzerName: null,
      live: null,
      summary: null,
      reportedAt: '5 minutes ago',
    });
    // What the old report saw still stands.
    expect(old.lastFace).toBe('2 minutes ago');
    const days = describeAnalysis(camera({ analyzer: null, reported_at: ago(3 * 86_400_000) }), NOW);
    expect(days.detail).toBe('last analysed 3 days ago');
  });

  it('Not analysed and never was', () => {
    expect(describeAnalysis(camera({ analyzer: null, report: null, reported_at: null }), NOW)).toEqual({
      label: 'Not analysed',
      color: 'gray',
      detail: null,
      analyzerName: null,
      live: null,
      badge: 'Not analysed',
      summary: null,
      lastFace: null,
      lastObject: null,
      reportedAt: null,
    });
  });

  it("says 'none' for a face or object the report has not seen", () => {
    const view = describeAnalysis(camera({ report: report({ last_face_at: null, last_object_at: null }) }), NOW);
    expect(view.lastFace).toBe('none');
    expect(view.lastObject).toBe('none');
  });
});

describe('formatFps', () => {
  it('one decimal under 10, whole above, and never rounds a trickle to nothing', () => {
    expect(formatFps(0)).toBe('0 fps');
    expect(formatFps(0.02)).toBe('< 0.1 fps');
    expect(formatFps(0.94)).toBe('0.9 fps');
    expect(formatFps(1)).toBe('1 fps');
    expect(formatFps(12.4)).toBe('12 fps');
  });
});

describe('formatShare', () => {
  it('whole percents, keeping a little and almost all apart from 0% and 100%', () => {
    expect(formatShare(0)).toBe('0%');
    expect(formatShare(0.001)).toBe('< 1%');
    expect(formatShare(0.944)).toBe('94%');
    expect(formatShare(0.998)).toBe('> 99%');
    expect(formatShare(1)).toBe('100%');
  });
});

describe('formatLag', () => {
  it('tenths of a second, then seconds, then minutes', () => {
    expect(formatLag(0)).toBe('0.0 s');
    expect(formatLag(1_612)).toBe('1.6 s');
    expect(formatLag(9_960)).toBe('10 s');
    expect(formatLag(42_400)).toBe('42 s');
    expect(formatLag(119_600)).toBe('2 min');
    expect(formatLag(185_000)).toBe('3 min');
  });
});
