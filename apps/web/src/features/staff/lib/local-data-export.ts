import { APP_VERSION } from '@vigil/contract';

/** The session token is a live credential: a diagnostic file that gets mailed around must not carry it. */
const SECRET_KEYS = new Set(['authToken']);
export const REDACTED = '[redacted]';

export interface LocalDataExport {
  fileName: string;
  json: string;
}

/** The diagnostic export of part 2 §2: every localStorage key and value, as a dated JSON file. */
export function buildLocalDataExport(entries: readonly (readonly [string, string])[], now: Date): LocalDataExport {
  const localStorage: Record<string, string> = {};
  for (const [key, value] of [...entries].sort(([a], [b]) => a.localeCompare(b))) {
    localStorage[key] = SECRET_KEYS.has(key) ? REDACTED : value;
  }
  const document = { exportedAt: now.toISOString(), version: APP_VERSION, localStorage };
  return { fileName: `vigil-local-data-${now.toISOString().slice(0, 10)}.json`, json: `${JSON.stringify(document, null, 2)}\n` };
}

export function readStorageEntries(storage: Pick<Storage, 'length' | 'key' | 'getItem'>): [string, string][] {
  const entries: [string, string][] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    const value = key === null ? null : storage.getItem(key);
    if (key !== null && value !== null) entries.push([key, value]);
  }
  return entries;
}
