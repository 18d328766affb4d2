/**
 * The first `bytes` of a recorded clip, read to the end so the browser's cache keeps them (see ClipPrefetch). Low
 * priority: it must not slow the clip on screen.
 */
export async function fetchClipStart(url: string, bytes: number, signal: AbortSignal): Promise<void> {
  const response = await fetch(url, { headers: { Range: `bytes=0-${bytes - 1}` }, signal, priority: 'low' });
  await response.arrayBuffer();
}
