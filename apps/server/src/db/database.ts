import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { dialectOf, type SqlDialect } from './dialect.js';
import { migrationProvider } from './migrations.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type Engine = 'sqlite' | 'postgres';

/*
 * One transaction rule. A repository method that takes part in a transaction takes what it runs on as its FIRST
 * argument, typed `Executor` (it runs the same alone or inside one) or `Trx` (it only makes sense inside one); it never
 * opens a transaction itself. The service that needs several writes to stand or fall together starts the transaction
 * (`db.transaction().execute(async (trx) => …)`, `db` given to the service) and owns it. Methods that always run alone
 * (plain reads, single statements) use the repository's own `db` and take no executor.
 */
/** What a repository method runs on: the database, or the transaction of the service that called it. */
export type Executor = Kysely<Database> | Transaction<Database>;
/** A transaction in progress, owned by the service that started it. */
export type Trx = Transaction<Database>;

export interface DatabaseHandle {
  db: Db;
  engine: Engine;
  /** What SQL differs by engine (JSON aggregates, advisory locks): made once here, passed to whoever needs it. */
  dialect: SqlDialect;
  close(): Promise<void>;
}

// int8 (bigint) columns hold epoch milliseconds, well inside Number's safe range.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export function openDatabase(options: { databaseUrl?: string | undefined; sqlitePath: string }): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', dialect: dialectOf('postgres'), close: () => db.destroy() };
  }
  const sqlite = new SQLite(options.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Kysely prepares every query anew; preparing costs more than running the small ones, so statements are kept by their SQL.
  const statements = new Map<string, SQLite.Statement>();
  const database = {
    close: () => sqlite.close(),
    prepare(text: string): SQLite.Statement {
      let statement = statements.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        if (statements.size >= 500) statements.clear();
        statements.set(text, statement);
      }
      return statement;
    },
  };
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return { db, engine: 'sqlite', dialect: dialectOf('sqlite'), close: () => db.destroy() };
}

/** Brings the schema to the latest migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
