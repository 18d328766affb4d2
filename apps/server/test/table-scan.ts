import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../src/db/database.js';

/** Every text column of every table, listed by the database itself (not by the schema the code believes in). */
export async function textColumns(database: DatabaseHandle): Promise<{ table: string; column: string }[]> {
  const { db } = database;
  if (database.engine === 'postgres') {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
      order by table_name, ordinal_position`.execute(db);
    return rows.map((r) => ({ table: r.table_name, column: r.column_name }));
  }
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db);
  const out: { table: string; column: string }[] = [];
  for (const { name } of tables) {
    const { rows } = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${name})`.execute(db);
    for (const c of rows) if (c.type === '' || /char|text|clob/i.test(c.type)) out.push({ table: name, column: c.name });
  }
  return out;
}

/**
 * Where any of `needles` appears (as the whole value or inside it: JSON, lists) in a text column of any table but
 * `except`: `table.column` per find, with the needle.
 */
export async function findInTables(
  database: DatabaseHandle,
  needles: readonly string[],
  except: readonly string[] = [],
): Promise<{ where: string; needle: string }[]> {
  const found: { where: string; needle: string }[] = [];
  if (needles.length === 0) return found;
  for (const { table, column } of await textColumns(database)) {
    if (except.includes(table)) continue;
    const value = sql`cast(${sql.ref(column)} as text)`;
    const { rows } = await sql<{ v: string }>`
      select ${value} as v from ${sql.table(table)}
      where ${sql.join(
        needles.map((n) => sql`${value} like ${`%${n}%`}`),
        sql` or `,
      )}`.execute(database.db);
    for (const row of rows) for (const needle of needles) if (row.v.includes(needle)) found.push({ where: `${table}.${column}`, needle });
  }
  return found;
}

/** Every file under a folder, as paths relative to it (with `/`). */
export function filesUnder(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push(relative(root, path).split(sep).join('/'));
    }
  };
  walk(root);
  return out;
}
