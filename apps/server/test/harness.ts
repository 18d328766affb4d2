import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KeyPurpose, Provider } from '@vigil/contract';
import { SignJWT, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { migrateToLatest, openDatabase, type DatabaseHandle, type Trx } from '../src/db/database.js';
import type { Clock } from '../src/lib/clock.js';
import type { App } from '../src/lib/routes.js';
import { AccessRepository } from '../src/modules/auth/access.repository.js';
import { DEMO_DOMAINS, seedDemo } from '../src/demo/seed.js';

export { DEMO_DOMAINS };
export const MAPLE = DEMO_DOMAINS.maple.uuid;
export const BIRCH = DEMO_DOMAINS.birch.uuid;

/** Real time, moved forward by hand when a test needs to jump ahead. */
export class TestClock implements Clock {
  private offset = 0;
  now(): number {
    return Date.now() + this.offset;
  }
  advance(ms: number): void {
    this.offset += ms;
  }
  reset(): void {
    this.offset = 0;
  }
}

/**
 * The engine under test: SQLite in a temporary folder by default; PostgreSQL when
 * VIGIL_TEST_DATABASE_URL names a server (a fresh database is made per test file and dropped after).
 */
export async function openTestDatabase(dataDir: string): Promise<{ handle: DatabaseHandle; location: string; drop(): Promise<void> }> {
  const adminUrl = process.env.VIGIL_TEST_DATABASE_URL;
  if (!adminUrl) {
    const sqlitePath = join(dataDir, 'test.sqlite');
    const handle = openDatabase({ sqlitePath });
    return { handle, location: sqlitePath, drop: () => handle.close() };
  }
  const name = `vigil_test_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase({ databaseUrl: url.toString(), sqlitePath: '' });
  return {
    handle,
    location: url.toString(),
    async drop() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
      await cleanup.end();
    },
  };
}

export interface TestContext {
  app: App;
  config: Config;
  database: DatabaseHandle;
  /** the SQLite file or the PostgreSQL URL, for another process to open */
  databaseLocation: string;
  clock: TestClock;
  access: AccessRepository;
  /** runs `work` in one transaction (repository writes that take part in one take it first) */
  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T>;
  /** signs `email` in through POST /api/v4/oauth with a token from the built-in provider; returns the session token */
  signIn(email: string, provider?: Provider): Promise<string>;
  /** an id_token signed by the built-in provider's key, with claims overridden as given */
  mintIdToken(claims: Record<string, unknown>, options?: { provider?: Provider; key?: 'provider' | 'stranger' }): Promise<string>;
  /** every log line the server wrote, when made with captureLogs */
  logs: string[];
  close(): Promise<void>;
}

export async function createTestContext(
  env: Record<string, string> = {},
  beforeApp?: (database: DatabaseHandle) => Promise<void>,
  options: { captureLogs?: boolean; serveWeb?: boolean } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-test-'));
  const config = loadConfig({
    VIGIL_DATA_DIR: dataDir,
    PORT: '8080',
    VIGIL_LOG_LEVEL: 'silent',
    VIGIL_RECORDER: 'off',
    VIGIL_DEMO_DETECTIONS: 'off',
    // Tests that need an analyzer start their own.
    VIGIL_ANALYZER: 'off',
    // Tests that need a retention sweep run it themselves (a scheduled one would meet their moved clocks).
    VIGIL_RETENTION_SWEEP_MINUTES: 'off',
    // Tests that need scheduled reports make them themselves.
    VIGIL_REPORTS_SCHEDULE: 'off',
    ...env,
  });
  const { handle: database, location: databaseLocation, drop } = await openTestDatabase(dataDir);
  await migrateToLatest(database.db);
  const clock = new TestClock();
  const access = new AccessRepository(database.db, clock);
  await seedDemo(database.db, access, clock, config.secret);
  await beforeApp?.(database);
  const logs: string[] = [];
  const app = await buildApp({
    config,
    database,
    clock,
    // The built web app (apps/web/dist) only when asked: a benchmark's browser opens it.
    serveWeb: options.serveWeb ?? false,
    ...(options.captureLogs ? { logStream: { write: (line: string) => void logs.push(line) } } : { logger: false }),
  });
  await app.ready();

  const issuer = `${config.publicUrl}/oidc`;
  // The built-in provider's key; a context with a real provider configured has none (and mints with a stranger's).
  const keyFile = join(dataDir, 'oidc-signing-key.json');
  const providerKey = existsSync(keyFile)
    ? (JSON.parse(readFileSync(keyFile, 'utf8')) as JWK)
    : await exportJWK((await generateKeyPair('RS256', { extractable: true })).privateKey);
  const stranger = await generateKeyPair('RS256');

  const mintIdToken: TestContext['mintIdToken'] = async (claims, options = {}) => {
    const provider = options.provider ?? 'google';
    const key = options.key === 'stranger' ? stranger.privateKey : await importJWK(providerKey, 'RS256');
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      iss: issuer,
      aud: `vigil-demo-${provider}`,
      sub: String(claims.email ?? 'someone'),
      iat: now,
      exp: now + 600,
      nonce: 'nonce-0123456789abcdef',
      email_verified: true,
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: providerKey.kid ?? 'k' })
      .sign(key);
  };

  const signIn: TestContext['signIn'] = async (email, provider = 'google') => {
    const nonce = `nonce-${randomUUID()}`;
    const id_token = await mintIdToken({ email, nonce }, { provider });
    const response = await app.inject({ method: 'POST', url: '/api/v4/oauth', payload: { provider, id_token, nonce } });
    const body = response.json<{ ok: boolean; auth?: { token: string }; err?: string }>();
    if (!body.ok || !body.auth) throw new Error(`sign-in of ${email} failed: ${body.err ?? response.body}`);
    return body.auth.token;
  };

  return {
    app,
    config,
    database,
    databaseLocation,
    clock,
    access,
    transaction: (work) => database.db.transaction().execute(work),
    signIn,
    mintIdToken,
    logs,
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A machine key for the ingest API, made the way an administrator makes one (`token` needs alerting/edit there, and
 * the operations each purpose needs). Tests that are not about purposes get a key for every machine call.
 */
export async function detectorKey(
  ctx: TestContext,
  token: string,
  domain: string,
  name = 'test detector',
  purposes: KeyPurpose[] = ['analyzer', 'detector', 'access_control'],
): Promise<string> {
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/ingest/v1/detectors',
    headers: bearer(token),
    payload: { domain_uuid: domain, name, purposes },
  });
  if (reply.statusCode !== 200) throw new Error(`detector key refused: ${reply.body}`);
  return reply.json<{ key: string }>().key;
}

/** Posts a batch to the ingest API with a detector key; the raw reply. */
export const sendBatch = (ctx: TestContext, key: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/ingest/v1/batch', headers: bearer(key), payload: payload as object });
