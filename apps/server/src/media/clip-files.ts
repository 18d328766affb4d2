import { finishClipArgs, runFfmpeg } from './ffmpeg.js';
import { mp4Duration } from './fmp4.js';

/**
 * Makes the playable file of a clip the recorder wrote (fragmented MP4): one ffmpeg writes the fast-start copy to
 * `rewritten` and the clip's first picture to `picture`; should that fail, the copy alone is tried (a picture never
 * costs a clip). Resolves with the clip's duration in seconds, read from the copy's header, or null when no playable
 * copy could be made.
 */
export async function finishClipFile(ffmpeg: string, partial: string, rewritten: string, picture: string): Promise<number | null> {
  const run = (args: string[]) =>
    runFfmpeg(ffmpeg, args, 60_000).then(
      () => true,
      () => false,
    );
  const made = (await run(finishClipArgs(partial, rewritten, picture))) || (await run(finishClipArgs(partial, rewritten)));
  if (!made) return null;
  try {
    return mp4Duration(rewritten);
  } catch {
    return null;
  }
}
