/** Every pending timeout and interval the app starts, so logout can cancel them all at once (spec part 1 §4). */
const timeouts = new Set<ReturnType<typeof setTimeout>>();
const intervals = new Set<ReturnType<typeof setInterval>>();

export function startTimeout(callback: () => void, ms: number): () => void {
  const id = setTimeout(() => {
    timeouts.delete(id);
    callback();
  }, ms);
  timeouts.add(id);
  return () => {
    clearTimeout(id);
    timeouts.delete(id);
  };
}

export function startInterval(callback: () => void, ms: number): () => void {
  const id = setInterval(callback, ms);
  intervals.add(id);
  return () => {
    clearInterval(id);
    intervals.delete(id);
  };
}

export function clearAllTimers(): void {
  for (const id of timeouts) clearTimeout(id);
  for (const id of intervals) clearInterval(id);
  timeouts.clear();
  intervals.clear();
}
