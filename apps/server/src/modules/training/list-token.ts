import type { ListPosition } from './training.repository.js';

// The review list's refresh_token (part 2 §4: Load More sends the previous reply's token): the moment of the list's
// first page (what arrived after it is 'new', not mixed into later pages) and the last detection shown. Not a secret:
// every page is still filtered by the caller's building and rights; a token the server did not make is refused.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeListToken(position: ListPosition): string {
  const parts = position.after ? [position.snapshot, position.after.at, position.after.id] : [position.snapshot];
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/** The position a token names, or null when it is not one of ours. */
export function decodeListToken(token: string): ListPosition | null {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parts) || (parts.length !== 1 && parts.length !== 3)) return null;
  const [snapshot, at, id] = parts as unknown[];
  if (!Number.isSafeInteger(snapshot) || (snapshot as number) < 0) return null;
  if (parts.length === 1) return { snapshot: snapshot as number, after: null };
  if (!Number.isSafeInteger(at) || typeof id !== 'string' || !UUID.test(id)) return null;
  return { snapshot: snapshot as number, after: { at: at as number, id } };
}
