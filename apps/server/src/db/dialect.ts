import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Engine } from './database.js';
import type { Database } from './schema.js';

/**
 * What differs between SQLite and PostgreSQL, in one place: modules ask the dialect (made once by `openDatabase`, on
 * `DatabaseHandle.dialect`) and never write engine-specific SQL themselves.
 */
export interface SqlDialect {
  readonly engine: Engine;
  /** The rows' `columns` as one JSON array of objects (text; '[]' when there is none), an aggregate over a query's rows. */
  jsonArrayAgg(columns: readonly string[]): RawBuilder<string>;
  /**
   * Serialises writers of one domain inside a transaction. SQLite already runs one write transaction at a time;
   * PostgreSQL takes a transaction-scoped advisory lock on the domain (released at commit or rollback).
   */
  lockDomain(trx: Transaction<Database>, domainUuid: string): Promise<void>;
  /** Serialises writers of anything named by `key` (e.g. 'analyzers') inside a transaction, as `lockDomain` does for a domain. */
  lockKey(trx: Transaction<Database>, key: string): Promise<void>;
}

const pairsOf = (columns: readonly string[]) => sql.join(columns.flatMap((c) => [sql.lit(c), sql.ref(c)]));

const sqliteDialect: SqlDialect = {
  engine: 'sqlite',
  jsonArrayAgg: (columns) => sql<string>`json_group_array(json_object(${pairsOf(columns)}))`,
  lockDomain: async () => {},
  lockKey: async () => {},
};

const postgresDialect: SqlDialect = {
  engine: 'postgres',
  jsonArrayAgg: (columns) => sql<string>`coalesce(json_agg(json_build_object(${pairsOf(columns)}))::text, '[]')`,
  lockDomain: async (trx, domainUuid) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`domain:${domainUuid}`}))`.execute(trx);
  },
  lockKey: async (trx, key) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`lock:${key}`}))`.execute(trx);
  },
};

/** The dialect of an engine (one object per engine, shared). */
export function dialectOf(engine: Engine): SqlDialect {
  return engine === 'postgres' ? postgresDialect : sqliteDialect;
}
