/**
 * A pause to call between small units of long work: it yields to the event loop once a slice has run `sliceMs`, so a
 * server keeps answering requests while it trains a model (and is a no-op the rest of the time).
 */
export function timeSlicer(sliceMs = 10): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}
