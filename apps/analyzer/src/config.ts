import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import type { AnalyzerSettings } from './analyzer.js';
import { defaultWorkers } from './model-pool.js';

const number = (env: Record<string, string | undefined>, name: string, fallback: number, min: number, max: number): number => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max)
    throw new Error(`${name} must be a number from ${min} to ${max}, not "${raw}"`);
  return value;
};

/** The analyzer's settings from its environment (README: "Vigil's analyzer"). */
export function loadSettings(env: Record<string, string | undefined> = process.env): AnalyzerSettings {
  const key = env.VIGIL_ANALYZER_KEY;
  if (!key) throw new Error('VIGIL_ANALYZER_KEY is needed: a detector key for one building, or a deployment key (see README)');
  const ffmpeg = env.FFMPEG_PATH ?? ['/usr/bin/ffmpeg', '/usr/local/bin/ffmpeg'].find((p) => existsSync(p));
  if (!ffmpeg) throw new Error("ffmpeg not found: install Debian's ffmpeg or set FFMPEG_PATH");
  return {
    serverUrl: (env.VIGIL_ANALYZER_SERVER ?? 'http://127.0.0.1:8080').replace(/\/+$/, ''),
    key,
    name: env.VIGIL_ANALYZER_NAME ?? `analyzer on ${hostname()} (pid ${process.pid})`,
    capacity: Math.floor(number(env, 'VIGIL_ANALYZER_CAPACITY', 32, 0, 256)),
    fps: number(env, 'VIGIL_ANALYZER_FPS', 1, 0.1, 30),
    exitFps: number(env, 'VIGIL_ANALYZER_EXIT_FPS', 4, 0.1, 30),
    workers: Math.floor(number(env, 'VIGIL_ANALYZER_WORKERS', defaultWorkers(), 1, 8)),
    maxWaitMs: number(env, 'VIGIL_ANALYZER_MAX_WAIT_SECONDS', 5, 0.5, 600) * 1000,
    objectIntervalMs: number(env, 'VIGIL_ANALYZER_OBJECT_SECONDS', 2, 0, 3600) * 1000,
    minMatchConfidence: number(env, 'VIGIL_ANALYZER_MIN_MATCH', 0.9, 0, 1),
    maxWidth: Math.floor(number(env, 'VIGIL_ANALYZER_MAX_WIDTH', 640, 64, 4096)),
    ffmpeg,
    galleryPollMs: number(env, 'VIGIL_ANALYZER_GALLERY_SECONDS', 3, 0.5, 600) * 1000,
    trace: env.VIGIL_ANALYZER_TRACE === '1',
  };
}
