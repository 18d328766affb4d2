import type { Page } from '@playwright/test';

// Where each <video> of a page started playing, recorded in the page itself from its first script on: a spec reads it
// after the fact, so a loaded machine's delays between the event and the spec's look do not change the answer.

/** One start: the video's source, where in it playback began (seconds), and the page's URL at that moment. */
export interface PlaybackStart {
  src: string;
  at: number;
  url: string;
}

/** Remembers, for every <video> that starts playing, where it started (currentTime at its 'playing' event), in which source, and the page's URL then. */
export async function recordPlaybackStarts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const starts: PlaybackStart[] = [];
    (window as unknown as { vigilPlaybackStarts: typeof starts }).vigilPlaybackStarts = starts;
    document.addEventListener(
      'playing',
      (event) => {
        if (!(event.target instanceof HTMLVideoElement)) return;
        // On a loaded machine the listener runs a moment after the event was raised, and the video has played on
        // meanwhile: take that moment off, so 'at' is where playback began.
        const late = Math.max(0, performance.now() - event.timeStamp) / 1000;
        const { currentSrc, currentTime, playbackRate } = event.target;
        starts.push({ src: currentSrc, at: Math.max(0, currentTime - late * playbackRate), url: location.href });
      },
      true,
    );
  });
}

/** Each time a video started playing: its source, where in it (seconds), and the page's URL at that moment. */
export function playbackStarts(page: Page): Promise<PlaybackStart[]> {
  return page.evaluate(() => (window as unknown as { vigilPlaybackStarts: PlaybackStart[] }).vigilPlaybackStarts);
}
