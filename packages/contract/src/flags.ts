import { z } from 'zod';

/** Feature flags of spec part 1 §3 and §9, with their shipped defaults. */
export const FLAG_DEFINITIONS = [
  { identifier: 'viewer', description: 'Video viewer', date: '2023-01-10', default: true },
  { identifier: 'alerts_tab', description: 'Alerts tab in the navigation', date: '2023-01-10', default: true },
  { identifier: 'faces', description: 'Faces registry', date: '2023-01-10', default: true },
  { identifier: 'staff_tools', description: 'Staff tools menu', date: '2023-01-10', default: true },
  { identifier: 'microsoft_login', description: 'Log in with Microsoft', date: '2023-02-01', default: true },
  { identifier: 'navbar_building_picker', description: 'Building picker in the top bar', date: '2023-02-01', default: true },
  { identifier: 'hls', description: 'Live video over HLS', date: '2023-03-15', default: true },
  { identifier: 'credentials', description: 'Keycard badge mismatch pages', date: '2023-04-01', default: true },
  { identifier: 'cameras_page', description: 'Cameras list page', date: '2023-05-02', default: false },
  { identifier: 'add_camera', description: 'Add camera page', date: '2023-05-02', default: false },
  { identifier: 'alert_settings', description: 'Alert settings page', date: '2023-06-12', default: true },
  {
    identifier: 'hls_test_stream_fallback',
    description: 'Public HLS test stream when live video fails',
    date: '2023-06-20',
    default: false,
  },
  {
    identifier: 'dummy_face_names',
    description: 'Replace face and identity names with generated names by gender',
    date: '2023-07-01',
    default: false,
  },
  { identifier: 'dashboard_stats', description: 'Statistics on dashboard cards', date: '2023-08-09', default: false },
  { identifier: 'new_training_filters', description: 'New face training filters', date: '2023-09-14', default: false },
  { identifier: 'dev_endpoint', description: 'Development API endpoint', date: '2023-10-03', default: false },
] as const satisfies readonly { identifier: string; description: string; date: string; default: boolean }[];

export type FlagId = (typeof FLAG_DEFINITIONS)[number]['identifier'];
export const FLAG_IDS = FLAG_DEFINITIONS.map((flag) => flag.identifier) as [FlagId, ...FlagId[]];
export const flagIdSchema = z.enum(FLAG_IDS);

/** Flag values set by the server's configuration (the "env" layer). */
export const flagValuesSchema = z.partialRecord(flagIdSchema, z.boolean());
export type FlagValues = z.infer<typeof flagValuesSchema>;

export type FlagSource = 'local' | 'env' | 'default';
export interface ResolvedFlag {
  identifier: FlagId;
  description: string;
  date: string;
  server: boolean | undefined;
  local: boolean | undefined;
  value: boolean;
  source: FlagSource;
}

/** Local override wins over the environment value, which wins over the default. */
export function resolveFlag(identifier: FlagId, server: FlagValues, local: FlagValues): ResolvedFlag {
  const definition = FLAG_DEFINITIONS.find((flag) => flag.identifier === identifier);
  if (!definition) throw new Error(`Unknown feature flag ${identifier}`);
  const serverValue = server[identifier];
  const localValue = local[identifier];
  const base = { identifier, description: definition.description, date: definition.date, server: serverValue, local: localValue };
  if (localValue !== undefined) return { ...base, value: localValue, source: 'local' };
  if (serverValue !== undefined) return { ...base, value: serverValue, source: 'env' };
  return { ...base, value: definition.default, source: 'default' };
}

export function resolveFlags(server: FlagValues, local: FlagValues): Record<FlagId, ResolvedFlag> {
  return Object.fromEntries(FLAG_IDS.map((id) => [id, resolveFlag(id, server, local)])) as Record<FlagId, ResolvedFlag>;
}

/** Parses the server's VIGIL_FLAGS setting: "cameras_page=on,add_camera=off". Unknown names are an error, not a silent no-op. */
export function parseFlagSetting(raw: string | undefined): FlagValues {
  const values: FlagValues = {};
  for (const part of (raw ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=');
    const [name, rawValue] = eq === -1 ? [part, 'on'] : [part.slice(0, eq).trim(), part.slice(eq + 1).trim()];
    const id = flagIdSchema.safeParse(name);
    if (!id.success) throw new Error(`VIGIL_FLAGS names an unknown flag "${name}"; known flags: ${FLAG_IDS.join(', ')}`);
    const value = rawValue.toLowerCase();
    if (['1', 'true', 'on', 'yes'].includes(value)) values[id.data] = true;
    else if (['0', 'false', 'off', 'no'].includes(value)) values[id.data] = false;
    else throw new Error(`VIGIL_FLAGS gives "${rawValue}" for ${name}; use on or off`);
  }
  return values;
}
