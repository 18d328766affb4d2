/**
 * The next item to serve in a fixed rotation: the first after `last` that has work waiting, wrapping round (the first
 * that has work when `last` is gone). Every busy camera gets its turn in order, whatever the moment its frames arrive.
 */
export function nextInRotation<T>(order: readonly T[], last: T | null, hasWork: (item: T) => boolean): T | null {
  const start = last === null ? 0 : order.indexOf(last) + 1;
  for (let i = 0; i < order.length; i++) {
    const item = order[(start + i) % order.length]!;
    if (hasWork(item)) return item;
  }
  return null;
}
