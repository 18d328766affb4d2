import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { migrateToLatest, openDatabase } from '../db/database.js';

export const OPENAPI_FILE = new URL('../../openapi.json', import.meta.url);

/** The OpenAPI document as the routes declare it, from a throwaway app on a throwaway database. */
export async function generateOpenApi(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-openapi-'));
  const config = loadConfig({
    VIGIL_DATA_DIR: dataDir,
    VIGIL_LOG_LEVEL: 'silent',
    VIGIL_PUBLIC_URL: 'http://localhost:8080',
    VIGIL_RECORDER: 'off',
  });
  const database = openDatabase({ sqlitePath: join(dataDir, 'openapi.sqlite') });
  try {
    await migrateToLatest(database.db);
    const app = await buildApp({ config, database, serveWeb: false, logger: false });
    await app.ready();
    const document = JSON.stringify(app.swagger(), null, 2) + '\n';
    await app.close();
    return document;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
