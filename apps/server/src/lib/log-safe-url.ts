import { redactSecrets } from '@vigil/contract';

/**
 * A request URL as the log may keep it: no query (socket tokens, sign-in parameters) and no signature of a media link
 * (`/media/<expiry.signature>/…`) or live lease (`/media/live/<lease>/…`, `/media/analyzer/<lease>/…`), which would let a
 * reader of the log open the video until it expires.
 */
export function logSafeUrl(url: string): string {
  // Live capabilities (a viewer's lease, an analyzer's) stand in the second segment.
  return redactSecrets(url)
    .replace(/^\/media\/(live|analyzer)\/[^/?]+\//, '/media/$1/…/')
    .replace(/^\/media\/(?!live\/|analyzer\/)[^/?]+\//, '/media/…/');
}
