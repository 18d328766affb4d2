import { sql, type Transaction } from 'kysely';
import type { Engine } from './database.js';
import type { Database } from './schema.js';

/**
 * Serialises writers of one domain inside a transaction. SQLite already runs one write transaction at a time;
 * PostgreSQL takes a transaction-scoped advisory lock on the domain (released at commit or rollback).
 */
export async function lockDomain(trx: Transaction<Database>, engine: Engine, domainUuid: string): Promise<void> {
  if (engine === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`domain:${domainUuid}`}))`.execute(trx);
}

/** Serialises writers of anything named by `key` (e.g. 'analyzers') inside a transaction, as `lockDomain` does for a domain. */
export async function lockKey(trx: Transaction<Database>, engine: Engine, key: string): Promise<void> {
  if (engine === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`lock:${key}`}))`.execute(trx);
}
