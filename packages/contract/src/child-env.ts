/**
 * What a child process (ffmpeg parsing untrusted video, the analyzer, the demo cameras) inherits from the process that
 * starts it (issue 36): what a program needs to run — the search path, home, language and time zone, temporary and
 * cache folders, the library and font paths — and never the rest of the parent's settings, which hold its secrets
 * (VIGIL_SECRET, DATABASE_URL, keys). A name ending in `*` is a prefix.
 */
export const CHILD_ENV_BASICS = [
  'PATH',
  'HOME',
  'LANG',
  'LANGUAGE',
  'LC_*',
  'TZ',
  'TMPDIR',
  'LD_LIBRARY_PATH',
  'XDG_CACHE_HOME',
  'XDG_CONFIG_HOME',
  'XDG_DATA_HOME',
  'XDG_RUNTIME_DIR',
  'FONTCONFIG_FILE',
  'FONTCONFIG_PATH',
] as const;

/** What the analyzer reads of its own environment besides the basics: its settings and where ffmpeg is. */
export const ANALYZER_CHILD_ENV = ['VIGIL_ANALYZER_*', 'FFMPEG_PATH'] as const;

/** What GStreamer (the demo cameras) may be told through its environment: its plugin path and debug settings. */
export const GSTREAMER_CHILD_ENV = ['GST_*'] as const;

const named = (name: string, patterns: readonly string[]) =>
  patterns.some((p) => (p.endsWith('*') ? name.startsWith(p.slice(0, -1)) : name === p));

/**
 * A child process's whole environment: the basics and the `pass` names that the parent has, then `set` (which wins).
 * Nothing else of the parent's reaches the child.
 */
export function childEnv(
  parent: Readonly<Record<string, string | undefined>>,
  o: { pass?: readonly string[]; set?: Readonly<Record<string, string>> } = {},
): Record<string, string> {
  const patterns = [...CHILD_ENV_BASICS, ...(o.pass ?? [])];
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(parent)) if (value !== undefined && named(name, patterns)) env[name] = value;
  return { ...env, ...o.set };
}
