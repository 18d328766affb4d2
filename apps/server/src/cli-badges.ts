import { readFileSync } from 'node:fs';
import { BADGES, ingestTapSchema, type IngestTap } from '@vigil/contract';
import { parse } from 'csv-parse/sync';
import type { DatabaseHandle } from './db/database.js';
import { systemClock } from './lib/clock.js';
import { TapsService } from './modules/badges/taps.service.js';
import type { Repositories } from './repositories.js';

export const IMPORT_TAPS_USAGE = `  import-taps <domain> <taps.csv>      import badge taps exported by an access-control system: a header row, then
                                       source_id, at (UTC ISO 8601), access_point_id, access_point_description,
                                       camera_uuid, identity_id (16 characters), name, unit, role (tor, cotenant,
                                       staff, contractor, visitor), credential_id, credential_label, granted
                                       (yes|no); checked whole (a bad row names its line and nothing is written),
                                       a row already imported (same source_id) is skipped`;

const COLUMNS = [
  'source_id',
  'at',
  'access_point_id',
  'access_point_description',
  'camera_uuid',
  'identity_id',
  'name',
  'unit',
  'role',
  'credential_id',
  'credential_label',
  'granted',
] as const;

/** A CSV export's rows as taps, each checked by the ingest API's schema; the errors name their lines. */
export function tapsFromCsv(text: string): { taps: IngestTap[]; errors: string[] } {
  const rows = parse(text, { columns: true, skip_empty_lines: true, trim: true, bom: true }) as Record<string, string>[];
  const missing = rows.length > 0 ? COLUMNS.filter((c) => !(c in rows[0]!)) : [];
  if (missing.length > 0) return { taps: [], errors: [`the header lacks ${missing.join(', ')}`] };
  const taps: IngestTap[] = [];
  const errors: string[] = [];
  rows.forEach((row, i) => {
    const blank = (v: string | undefined) => (v === undefined || v === '' ? undefined : v);
    const parsed = ingestTapSchema.safeParse({
      source_id: row.source_id,
      at: row.at,
      access_point: {
        id: row.access_point_id,
        description: blank(row.access_point_description),
        camera_uuid: blank(row.camera_uuid),
      },
      identity: { id: row.identity_id, name: row.name, unit: blank(row.unit) ?? null, role: blank(row.role) },
      credential: { id: row.credential_id, label: blank(row.credential_label) },
      granted: !/^(no|false|0|denied)$/i.test(row.granted ?? ''),
    });
    // Line numbers as a spreadsheet shows them: the header is line 1.
    if (parsed.success) taps.push(parsed.data);
    else errors.push(`line ${i + 2}: ${parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}`);
  });
  return { taps, errors };
}

/** `import-taps <domain> <file.csv>`: the same checks and writes as the ingest API, in requests of BADGES.maxTaps. */
export async function importTaps(
  database: DatabaseHandle,
  repos: Repositories,
  args: string[],
  domainOf: (ref: string) => Promise<{ uuid: string; description: string }>,
): Promise<number> {
  const [domainRef, file] = args;
  if (!domainRef || !file) throw new Error('import-taps needs <domain> <taps.csv>');
  const domain = await domainOf(domainRef);
  const { taps, errors } = tapsFromCsv(readFileSync(file, 'utf8'));
  if (errors.length > 0) {
    console.error(
      `${file}: nothing imported.\n${errors.slice(0, 20).join('\n')}${errors.length > 20 ? `\n… and ${errors.length - 20} more` : ''}`,
    );
    return 1;
  }
  const service = new TapsService({
    db: database.db,
    dialect: database.dialect,
    badges: repos.badges,
    faces: { byCards: (d, cards) => repos.faces.byCards(d, cards) },
    cameras: repos.cameras,
    clock: systemClock,
  });
  let accepted = 0;
  let duplicates = 0;
  for (let i = 0; i < taps.length; i += BADGES.maxTaps) {
    const result = await service.ingest(domain.uuid, null, taps.slice(i, i + BADGES.maxTaps));
    accepted += result.accepted;
    duplicates += result.duplicates;
  }
  console.log(`${accepted} taps imported into "${domain.description}"${duplicates ? `, ${duplicates} already there` : ''}.`);
  return 0;
}
