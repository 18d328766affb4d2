/**
 * Rows or ids per statement for long `IN (...)` lists and multi-row inserts: SQLite binds at most 32,766 parameters a
 * statement and PostgreSQL 65,535; 500 rows of the widest table (13 columns) stay far below both.
 */
export const CHUNK_SIZE = 500;

/** `items` in slices of at most `size`, in order (none for an empty list). */
export function chunks<T>(items: readonly T[], size = CHUNK_SIZE): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size must be a positive integer, not ${size}`);
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Runs `work` on each slice of `items` one after the other (inside a transaction, statements run in order anyway) and
 * returns the results of all slices, concatenated; nothing runs for an empty list.
 */
export async function chunked<T, R>(items: readonly T[], work: (slice: T[]) => Promise<readonly R[]>, size = CHUNK_SIZE): Promise<R[]> {
  const out: R[] = [];
  for (const slice of chunks(items, size)) out.push(...(await work(slice)));
  return out;
}

/** As `chunked`, for work whose result is not needed (inserts, updates, deletes). */
export async function eachChunk<T>(items: readonly T[], work: (slice: T[]) => Promise<unknown>, size = CHUNK_SIZE): Promise<void> {
  for (const slice of chunks(items, size)) await work(slice);
}
