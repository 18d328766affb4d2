import { isAbsoluteUrl } from '@vigil/contract';

/**
 * A media URL from the API as the browser must load it: absolute URLs stay, '{host}' and
 * server-relative paths get the API host (empty when the API is this page's origin).
 */
export function resolveMediaUrl(url: string, apiHost: string): string {
  if (url.startsWith('{host}')) return `${apiHost}${url.slice('{host}'.length)}`;
  if (isAbsoluteUrl(url) || /^(blob|data):/i.test(url)) return url;
  return url.startsWith('/') ? `${apiHost}${url}` : url;
}
