import { REPORTS } from '@vigil/contract';
import { apiRequest, type FileReply } from './http';
import { saveBlob } from './save-blob';

// One parameter of a Content-Disposition header: name=token or name="quoted \"string\"".
const PARAMETER = /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;

/** RFC 5987 `charset'language'percent-encoded` (filename*=); null when it is not that. */
function decodeExtended(value: string): string | null {
  const match = /^([^']*)'[^']*'(.*)$/.exec(value);
  if (!match) return null;
  const [, charset = '', encoded = ''] = match;
  try {
    if (charset.toLowerCase() === 'utf-8') return decodeURIComponent(encoded);
    if (charset.toLowerCase() === 'iso-8859-1')
      return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } catch {
    // A malformed escape: the plain filename= (if any) stands in.
  }
  return null;
}

/** A name the server suggests, made safe to save under: no folders, no control characters. */
function safeFileName(name: string): string | null {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base === '' || base === '.' || base === '..' ? null : base;
}

/** The file name a Content-Disposition header gives (filename* before filename); null when it gives none. */
export function fileNameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const params = new Map<string, string>();
  for (const [, key = '', raw = ''] of `;${header}`.matchAll(PARAMETER)) {
    const name = key.toLowerCase();
    const value = raw.trim();
    if (!params.has(name)) params.set(name, value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value);
  }
  const extended = params.get('filename*');
  const name = (extended === undefined ? null : decodeExtended(extended)) ?? params.get('filename') ?? null;
  return name === null ? null : safeFileName(name);
}

/**
 * Part 1 §7: fetches an API path (query included) as a file with the session's bearer header, which a plain link cannot
 * send, and hands it to the browser's downloads under the name the reply gives, else `fallbackName`. A refusal rejects
 * with the server's message (HttpError) and saves nothing.
 */
export async function downloadFile(path: string, fallbackName: string = REPORTS.defaultDownloadName): Promise<void> {
  const { blob, headers } = await apiRequest<FileReply>('GET', path, { service: null, as: 'file' });
  saveBlob(blob, fileNameFromContentDisposition(headers.get('content-disposition')) ?? fallbackName);
}
