import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  RETENTION,
  RETENTION_CATEGORIES,
  parseFlagSetting,
  redactSecrets,
  retentionDaysSchema,
  retentionEnvName,
  type FlagValues,
  type RetentionDays,
} from '@vigil/contract';
import { loadMapsConfig, type MapsConfig } from './geo/settings.js';
import { DEFAULT_CAMERA_NETWORKS } from './lib/networks.js';
import { loadMqttConfig, type MqttConfig } from './mqtt-config.js';
import { loadPushConfig, type PushConfig } from './push-config.js';

export interface OidcClientConfig {
  clientId: string;
  /** Microsoft only: the tenant (common, organizations or a tenant id) */
  tenant?: string;
}

export interface Config {
  port: number;
  /** the address to listen on: loopback unless HOST says otherwise (HOST=0.0.0.0 exposes the server) */
  host: string;
  /** real providers' redirect URIs; the built-in demo provider works at whatever address the browser uses */
  publicUrl: string;
  /** the built-in demo sign-in provider: on only when asked for (the demo) and no real provider is configured */
  demoSignIn: boolean;
  /** every request gets an answer or is cut: whole request (headers and body), headers alone, idle connection */
  timeouts: { requestMs: number; headersMs: number; idleMs: number };
  /** believe X-Forwarded-For/-Proto/-Host from a reverse proxy: VIGIL_TRUST_PROXY = true, or the proxy's addresses */
  trustProxy: boolean | string;
  dataDir: string;
  /** postgres://… when set; otherwise the SQLite file under dataDir */
  databaseUrl: string | undefined;
  sqlitePath: string;
  webDist: string;
  internalEmailDomain: string;
  sessionTtlHours: number;
  flags: FlagValues;
  /** VIGIL_DEV_API_URL: the development API host the web app uses with the dev endpoint flag on (null: none) */
  devApiUrl: string | null;
  google: OidcClientConfig | undefined;
  microsoft: OidcClientConfig | undefined;
  /** server secret: keys PIN hashes and the built-in provider's cookies */
  secret: Buffer;
  supportUrl: string;
  requestAccountUrl: string;
  staffLinks: { label: string; url: string }[];
  logLevel: string;
  /** 'pretty' (readable lines, pino-pretty) or 'json' (one object per line, for log collectors) */
  logFormat: 'pretty' | 'json';
  /** a simulated 7-day history of detections for the demo buildings ('history'), or none */
  demoDetections: 'history' | 'off';
  /** the demo's first model: a demo reviewer confirms the analyzer's surest sightings and trains one (demo/training.ts) */
  demoTraining: boolean;
  /** the server's own analyzer process (VIGIL_ANALYZER=local, the default) or none ('off': analyzers run elsewhere) */
  analyzer: { mode: 'local' | 'off'; entry: string };
  /** geocoder, postal service, map tiles and snapshot hosts of building onboarding (offline unless configured) */
  maps: MapsConfig;
  retention: {
    /** the installation's periods (VIGIL_RETENTION_<CATEGORY>_DAYS): a building's own period wins, the contract's default is last */
    days: RetentionDays;
    /** minutes between retention sweeps (VIGIL_RETENTION_SWEEP_MINUTES; null: 'off', no sweep runs on this server) */
    sweepMinutes: number | null;
    /** the audit trail's floor in days (VIGIL_AUDIT_RETENTION_MIN_DAYS): no period, a building's or the installation's, goes below it */
    auditMinDays: number;
  };
  /** Web Push: the installation's VAPID keys (VIGIL_VAPID_*, else vapid.json in the data folder) and VIGIL_PUSH_ALLOW_HOSTS */
  push: PushConfig;
  /** the daily reports: made for the day before once per cluster (VIGIL_REPORTS_SCHEDULE=off: not by this server) */
  reportsSchedule: boolean;
  /** alerts to an MQTT broker (VIGIL_MQTT_*; null: none) */
  mqtt: MqttConfig | null;
  video: {
    /** where cameras may be (CIDR list, VIGIL_CAMERA_NETWORKS): a camera elsewhere is refused, so no one probes other hosts */
    cameraNetworks: string;
    mediaDir: string;
    clipSeconds: number;
    hlsSeconds: number;
    /** how often an open low-latency stream's lease, session and role are checked again (ms) */
    liveRecheckMs: number;
    /** 0: no cap */
    maxDiskBytes: number;
    /** the most long-clip downloads may take on disk at once (VIGIL_EXPORTS_MAX_GB; 0: no cap) */
    maxExportBytes: number;
    /** run a recorder per camera (off in API-only tests) */
    record: boolean;
    /** simulate the demo cameras as RTSP cameras on loopback */
    demoCameras: boolean;
    demoRtspPort: number;
    demoCameraScript: string;
    /** the licensed files the demo cameras' scenes are made from (the repository's media/ folder) */
    demoMediaDir: string;
    /** where the scenes made from them are kept (<data>/demo-media) */
    demoSceneCache: string;
    /** how often (seconds) each of the front entrance's two visitors walks past (VIGIL_DEMO_VISIT_SECONDS) */
    demoVisitSeconds: number;
  };
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, not "${raw}"`);
  return value;
}

function atLeast(value: number, min: number, name: string): number {
  if (value < min) throw new Error(`${name} must be at least ${min}, not ${value}`);
  return value;
}

/**
 * The installation's retention periods: VIGIL_RETENTION_<CATEGORY>_DAYS each (1 to 3650); VIGIL_RETENTION_DAYS, the
 * older name of the recordings' period, still sets `clips` when VIGIL_RETENTION_CLIPS_DAYS does not.
 */
export function retentionDays(env: Env): RetentionDays {
  const days: RetentionDays = {};
  for (const category of RETENTION_CATEGORIES) {
    const name = retentionEnvName(category);
    const raw = env[name] || (category === 'clips' ? env.VIGIL_RETENTION_DAYS : undefined);
    if (!raw) continue;
    const parsed = retentionDaysSchema.safeParse(Number(raw));
    if (!parsed.success)
      throw new Error(`${name} must be a whole number of days from ${RETENTION.minDays} to ${RETENTION.maxDays}, not "${raw}"`);
    days[category] = parsed.data;
  }
  return days;
}

/** VIGIL_AUDIT_RETENTION_MIN_DAYS: the audit trail's floor, a year unless the installation raises it (never lowers it). */
export function auditRetentionMinDays(env: Env): number {
  const raw = env.VIGIL_AUDIT_RETENTION_MIN_DAYS;
  if (raw === undefined || raw === '') return RETENTION.auditMinDays;
  const days = Number(raw);
  if (!Number.isInteger(days) || days < RETENTION.auditMinDays || days > RETENTION.maxDays)
    throw new Error(
      `VIGIL_AUDIT_RETENTION_MIN_DAYS may only raise the audit trail’s floor: a whole number of days from ${RETENTION.auditMinDays} to ${RETENTION.maxDays}, not "${raw}"`,
    );
  return days;
}

/** The secret lives in VIGIL_SECRET or, by default, in a file of the data folder made on first start. */
function loadSecret(env: Env, dataDir: string): Buffer {
  if (env.VIGIL_SECRET) return Buffer.from(env.VIGIL_SECRET, 'utf8');
  const file = join(dataDir, 'secret.key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}

/** 127.0.0.0/8, ::1 and localhost: only this machine reaches a server listening there. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** 'true' trusts any proxy; otherwise a comma-separated list of proxy addresses or networks (e.g. 10.0.0.2,127.0.0.1). */
function trustProxy(raw: string | undefined): boolean | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  return raw === 'true' ? true : raw;
}

/** Readable on a terminal, JSON when the output goes to a file, a pipe or a log collector; VIGIL_LOG_FORMAT decides. */
function logFormat(raw: string | undefined): 'pretty' | 'json' {
  if (raw === 'pretty' || raw === 'json') return raw;
  if (raw) throw new Error(`VIGIL_LOG_FORMAT must be pretty or json, not "${raw}"`);
  return process.stdout.isTTY ? 'pretty' : 'json';
}

/** VIGIL_DEV_API_URL: the origin of an http(s) API (every browser is told it, so no credentials), like VITE_API_HOST. */
export function devApiUrl(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  const fail = (why: string) => new Error(`VIGIL_DEV_API_URL ${why}, not "${redactSecrets(raw)}"`);
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw fail('must be an http(s) URL such as https://api.dev.example');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fail('must be an http(s) URL such as https://api.dev.example');
  if (url.username || url.password) throw fail('must not hold a user or password (the web app shows it to every browser)');
  if (url.pathname !== '/' || url.search || url.hash) throw fail('must be an origin, with no path, query or fragment');
  return url.origin;
}

export function loadConfig(env: Env = process.env, root = process.cwd()): Config {
  const port = integer(env, 'PORT', 8080);
  const dataDir = resolve(root, env.VIGIL_DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  const publicUrl = (env.VIGIL_PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: env.HOST || '127.0.0.1',
    publicUrl,
    demoSignIn: env.VIGIL_DEMO !== 'off' && !env.GOOGLE_CLIENT_ID && !env.MICROSOFT_CLIENT_ID,
    trustProxy: trustProxy(env.VIGIL_TRUST_PROXY),
    timeouts: {
      requestMs: integer(env, 'VIGIL_REQUEST_TIMEOUT_MS', 60_000),
      headersMs: Math.min(integer(env, 'VIGIL_REQUEST_TIMEOUT_MS', 60_000), 15_000),
      idleMs: integer(env, 'VIGIL_IDLE_TIMEOUT_MS', 120_000),
    },
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    sqlitePath: join(dataDir, 'vigil.sqlite'),
    webDist: resolve(root, env.VIGIL_WEB_DIST ?? 'apps/web/dist'),
    internalEmailDomain: (env.VIGIL_INTERNAL_DOMAIN ?? 'vigil.example').toLowerCase(),
    sessionTtlHours: integer(env, 'VIGIL_SESSION_TTL_HOURS', 12),
    flags: parseFlagSetting(env.VIGIL_FLAGS),
    devApiUrl: devApiUrl(env.VIGIL_DEV_API_URL),
    google: env.GOOGLE_CLIENT_ID ? { clientId: env.GOOGLE_CLIENT_ID } : undefined,
    microsoft: env.MICROSOFT_CLIENT_ID ? { clientId: env.MICROSOFT_CLIENT_ID, tenant: env.MICROSOFT_TENANT ?? 'common' } : undefined,
    secret: loadSecret(env, dataDir),
    supportUrl: env.VIGIL_SUPPORT_URL ?? 'mailto:support@vigil.example',
    requestAccountUrl: env.VIGIL_REQUEST_ACCOUNT_URL ?? 'mailto:hello@vigil.example?subject=Vigil%20demo%20or%20account',
    staffLinks: [
      { label: 'Analytics', url: env.VIGIL_ANALYTICS_URL ?? 'https://analytics.vigil.example' },
      { label: 'Metrics', url: env.VIGIL_METRICS_URL ?? 'https://metrics.vigil.example' },
      { label: 'Tagging', url: env.VIGIL_TAGGING_URL ?? 'https://tagging.vigil.example' },
    ],
    logLevel: env.VIGIL_LOG_LEVEL ?? 'info',
    logFormat: logFormat(env.VIGIL_LOG_FORMAT),
    // 'on' is the history too (it once added a simulated live feed; live detections now come from the analyzer).
    demoDetections: env.VIGIL_DEMO === 'off' || env.VIGIL_DEMO_DETECTIONS === 'off' ? 'off' : 'history',
    demoTraining: env.VIGIL_DEMO !== 'off' && env.VIGIL_DEMO_TRAINING !== 'off' && env.VIGIL_ANALYZER !== 'off',
    analyzer: {
      mode: env.VIGIL_ANALYZER === 'off' ? 'off' : 'local',
      entry: resolve(root, env.VIGIL_ANALYZER_ENTRY ?? 'apps/analyzer/dist/main.js'),
    },
    maps: loadMapsConfig(env),
    retention: {
      days: retentionDays(env),
      sweepMinutes:
        env.VIGIL_RETENTION_SWEEP_MINUTES === 'off' ? null : integer(env, 'VIGIL_RETENTION_SWEEP_MINUTES', RETENTION.sweepMinutes),
      auditMinDays: auditRetentionMinDays(env),
    },
    reportsSchedule: env.VIGIL_REPORTS_SCHEDULE !== 'off',
    mqtt: loadMqttConfig(env),
    push: loadPushConfig(env, dataDir, publicUrl),
    video: {
      cameraNetworks: env.VIGIL_CAMERA_NETWORKS || DEFAULT_CAMERA_NETWORKS,
      mediaDir: resolve(dataDir, env.VIGIL_MEDIA_DIR ?? 'media'),
      clipSeconds: integer(env, 'VIGIL_CLIP_SECONDS', 60),
      hlsSeconds: integer(env, 'VIGIL_HLS_SEGMENT_SECONDS', 1),
      liveRecheckMs: 1000,
      maxDiskBytes: Math.round(Number(env.VIGIL_MAX_DISK_GB ?? '0') * 1024 ** 3) || 0,
      maxExportBytes: Math.round(Number(env.VIGIL_EXPORTS_MAX_GB ?? '2') * 1024 ** 3) || 0,
      record: env.VIGIL_RECORDER !== 'off',
      demoCameras: env.VIGIL_DEMO_CAMERAS !== 'off' && env.VIGIL_DEMO !== 'off',
      demoRtspPort: integer(env, 'VIGIL_DEMO_RTSP_PORT', 8554),
      demoCameraScript: resolve(root, env.VIGIL_DEMO_CAMERA_SCRIPT ?? 'apps/server/demo/rtsp-cameras.py'),
      demoMediaDir: resolve(root, 'media'),
      demoSceneCache: join(dataDir, 'demo-media'),
      demoVisitSeconds: atLeast(integer(env, 'VIGIL_DEMO_VISIT_SECONDS', 150), 20, 'VIGIL_DEMO_VISIT_SECONDS'),
    },
  };
}
