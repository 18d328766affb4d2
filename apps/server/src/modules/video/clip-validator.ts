/**
 * A recorded clip never changes once it is indexed, so its validator can be strong. The static plugin's is weak, and a
 * browser keeps a fetched range of a file (the prefetched start of the next clip) only under a strong one.
 */
export const clipEtag = (size: number, mtimeMs: number): string => `"${size.toString(16)}-${Math.trunc(mtimeMs).toString(16)}"`;

/** Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 asks for If-None-Match). */
export function etagListMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
