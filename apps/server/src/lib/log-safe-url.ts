import { redactSecrets } from '@vigil/contract';

/**
 * A request URL as the log may keep it: no query (socket tokens, sign-in parameters) and no signature of a media link
 * (`/media/<expiry.signature>/…`), which would let a reader of the log open the video until it expires.
 */
export function logSafeUrl(url: string): string {
  return redactSecrets(url).replace(/^\/media\/[^/?]+\//, '/media/…/');
}
