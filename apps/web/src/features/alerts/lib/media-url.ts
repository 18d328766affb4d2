import { isAbsoluteUrl } from '@vigil/contract';

/** A frame URL from the API as the browser loads it: absolute stays, '{host}' and server paths get the API host (empty: this origin). */
export function frameUrl(url: string, apiHost: string): string {
  if (url.startsWith('{host}')) return `${apiHost}${url.slice('{host}'.length)}`;
  if (isAbsoluteUrl(url) || /^(blob|data):/i.test(url)) return url;
  return url.startsWith('/') ? `${apiHost}${url}` : url;
}
